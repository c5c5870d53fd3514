import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { runOfflineMutation } from '../../../lib/offline/offline-mutation';
import { showSuccess, showToast } from '../../../lib/toast';
import type { CampaignListParams } from '../api/campaign-keys';
import type { CampaignInput } from '../api/campaign-input-schema';
import { createCampaignMutationOptions } from '../api/create-campaign';
import { deleteCampaignMutationOptions } from '../api/delete-campaign';
import { getCampaignQueryOptions } from '../api/get-campaign';
import { getCampaignsQueryOptions } from '../api/get-campaigns';
import { updateCampaignOfflineOptions } from '../api/update-campaign';
import { CAMPAIGN_PAGE_SIZE, DEFAULT_CAMPAIGN_FILTERS, type Campaign, type CampaignFilters } from '../types';
import { prependCampaign, removeCampaign, replaceCampaign } from '../utils/campaign-items';

export const ENDED_INSTEAD_OF_DELETED = 'Campaign has tracking history, so it was ended instead of deleted';

export interface CampaignPagination {
  total: number;
  page: number;
  limit: number;
}

/** The campaign list state of spec §3, plus the filters that select the list. */
export interface CampaignListState {
  items: Campaign[];
  selected: Campaign | null;
  loading: boolean;
  error: unknown;
  pagination: CampaignPagination;
  filters: CampaignFilters;
  /** Calls under way (fetch, fetch-by-id, create); loading is pending > 0. */
  pending: number;
}

export const initialCampaignListState: CampaignListState = {
  items: [],
  selected: null,
  loading: false,
  error: null,
  pagination: { total: 0, page: 1, limit: CAMPAIGN_PAGE_SIZE },
  filters: DEFAULT_CAMPAIGN_FILTERS,
  pending: 0,
};

export type CampaignListAction =
  | { type: 'started' }
  | { type: 'settled' }
  | { type: 'failed'; error: unknown }
  | { type: 'listLoaded'; items: Campaign[]; pagination?: Partial<CampaignPagination> }
  | { type: 'selectedLoaded'; campaign: Campaign }
  | { type: 'created'; campaign: Campaign }
  | { type: 'updated'; campaign: Campaign }
  | { type: 'updateFailed'; error: unknown }
  | { type: 'deleted'; id: string }
  | { type: 'selected'; campaign: Campaign | null }
  | { type: 'filtersChanged'; filters: Partial<CampaignFilters> }
  | { type: 'pageChanged'; page: number };

const finish = (state: CampaignListState, patch: Partial<CampaignListState> = {}): CampaignListState => {
  const pending = Math.max(0, state.pending - 1);
  return { ...state, ...patch, pending, loading: pending > 0 };
};

/** The rules of spec §4 "Campaign list", as pure transitions. */
export function campaignListReducer(state: CampaignListState, action: CampaignListAction): CampaignListState {
  switch (action.type) {
    case 'started':
      // While a fetch, fetch-by-id or create is pending, loading is true and the error is cleared.
      return { ...state, pending: state.pending + 1, loading: true, error: null };
    case 'settled':
      return finish(state);
    case 'failed':
      return finish(state, { error: action.error });
    case 'listLoaded':
      // A list fetch replaces the items and merges the pagination it brings.
      return finish(state, {
        items: action.items,
        pagination: { ...state.pagination, ...action.pagination },
      });
    case 'selectedLoaded':
      return finish(state, { selected: action.campaign });
    case 'created':
      return finish(state, {
        items: prependCampaign(state.items, action.campaign),
        pagination: { ...state.pagination, total: state.pagination.total + 1 },
      });
    case 'updated':
      return {
        ...state,
        items: replaceCampaign(state.items, action.campaign),
        selected: state.selected?.id === action.campaign.id ? action.campaign : state.selected,
      };
    case 'updateFailed':
      return { ...state, error: action.error };
    case 'deleted': {
      const had = state.items.some((c) => c.id === action.id);
      return {
        ...state,
        items: removeCampaign(state.items, action.id),
        selected: state.selected?.id === action.id ? null : state.selected,
        pagination: had
          ? { ...state.pagination, total: Math.max(0, state.pagination.total - 1) }
          : state.pagination,
      };
    }
    case 'selected':
      return { ...state, selected: action.campaign };
    case 'filtersChanged':
      return {
        ...state,
        filters: { ...state.filters, ...action.filters },
        pagination: { ...state.pagination, page: 1 },
      };
    case 'pageChanged':
      return { ...state, pagination: { ...state.pagination, page: action.page } };
  }
}

export interface CampaignListStore {
  getState(): CampaignListState;
  subscribe(listener: () => void): () => void;
  fetchList(): Promise<void>;
  fetchById(id: string): Promise<void>;
  create(input: CampaignInput): Promise<Campaign>;
  update(id: string, body: Partial<CampaignInput>): Promise<Campaign>;
  remove(id: string): Promise<void>;
  select(campaign: Campaign | null): void;
  setFilters(filters: Partial<CampaignFilters>): Promise<void>;
  setPage(page: number): Promise<void>;
}

/**
 * The campaign list screen's state. Calls go through React Query (query cache, retries, the optimistic
 * detail update and its rollback); this store keeps the spec's list view of their outcome.
 */
export function createCampaignListStore(
  queryClient: QueryClient,
  initial?: { filters: CampaignFilters; page: number },
): CampaignListStore {
  let state: CampaignListState = initial
    ? {
        ...initialCampaignListState,
        filters: initial.filters,
        pagination: { ...initialCampaignListState.pagination, page: initial.page },
      }
    : initialCampaignListState;
  let listRequest = 0;
  const listeners = new Set<() => void>();
  const dispatch = (action: CampaignListAction) => {
    state = campaignListReducer(state, action);
    listeners.forEach((listener) => listener());
  };
  const listParams = (): CampaignListParams => ({
    ...state.filters,
    page: state.pagination.page,
    limit: state.pagination.limit,
  });

  const fetchList = async () => {
    const request = ++listRequest;
    dispatch({ type: 'started' });
    try {
      const page = await queryClient.fetchQuery(getCampaignsQueryOptions(listParams()));
      // An answer to an older filter or page must not overwrite the newer one.
      if (request !== listRequest) return dispatch({ type: 'settled' });
      dispatch({
        type: 'listLoaded',
        items: page.items,
        pagination: page.total === null ? undefined : { total: page.total },
      });
    } catch (error) {
      dispatch(request === listRequest ? { type: 'failed', error } : { type: 'settled' });
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fetchList,
    async fetchById(id) {
      dispatch({ type: 'started' });
      try {
        const campaign = await queryClient.fetchQuery(getCampaignQueryOptions(id));
        dispatch({ type: 'selectedLoaded', campaign });
      } catch (error) {
        dispatch({ type: 'failed', error });
      }
    },
    async create(input) {
      dispatch({ type: 'started' });
      try {
        const created = await new MutationObserver(
          queryClient,
          createCampaignMutationOptions(queryClient),
        ).mutate(input);
        dispatch({ type: 'created', campaign: created });
        showSuccess('Campaign created', created.name);
        return created;
      } catch (error) {
        dispatch({ type: 'failed', error });
        throw error;
      }
    },
    async update(id, body) {
      try {
        const sent = await runOfflineMutation(queryClient, updateCampaignOfflineOptions(queryClient), {
          id,
          body,
        });
        // Queued offline (sent === undefined): the edit shows now and is sent when the connection returns.
        const current = state.items.find((c) => c.id === id) ?? state.selected;
        const updated = sent ?? ({ ...current, ...body } as Campaign);
        dispatch({ type: 'updated', campaign: updated });
        // Queued offline, the offline banner says the change waits; saved, say so.
        if (sent) showSuccess('Campaign saved', updated.name);
        return updated;
      } catch (error) {
        dispatch({ type: 'updateFailed', error });
        throw error;
      }
    },
    async remove(id) {
      try {
        const ended = await new MutationObserver(
          queryClient,
          deleteCampaignMutationOptions(queryClient),
        ).mutate({ id });
        if (!ended) {
          const name = state.items.find((c) => c.id === id)?.name ?? '';
          dispatch({ type: 'deleted', id });
          showSuccess('Campaign deleted', name);
          return;
        }
        // Tracking history must stay auditable: the server ended the campaign instead of deleting it.
        dispatch({ type: 'updated', campaign: ended });
        showToast({ title: 'Campaign ended', message: ENDED_INSTEAD_OF_DELETED, color: 'yellow' });
      } catch (error) {
        dispatch({ type: 'updateFailed', error });
        throw error;
      }
    },
    select: (campaign) => dispatch({ type: 'selected', campaign }),
    setFilters(filters) {
      dispatch({ type: 'filtersChanged', filters });
      return fetchList();
    },
    setPage(page) {
      dispatch({ type: 'pageChanged', page });
      return fetchList();
    },
  };
}
