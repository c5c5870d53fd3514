import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { translate } from '../../../lib/i18n';
import { runOfflineMutation } from '../../../lib/offline/offline-mutation';
import { showSuccess, showToast } from '../../../lib/toast';
import { campaignKeys, type CampaignListParams } from '../api/campaign-keys';
import type { CampaignInput } from '../api/campaign-input-schema';
import { createCampaignMutationOptions } from '../api/create-campaign';
import { deleteCampaignMutationOptions } from '../api/delete-campaign';
import { getCampaignQueryOptions } from '../api/get-campaign';
import { getCampaignsQueryOptions, type CampaignPage } from '../api/get-campaigns';
import { updateCampaignOfflineOptions } from '../api/update-campaign';
import { CAMPAIGN_PAGE_SIZE, DEFAULT_CAMPAIGN_FILTERS, type Campaign, type CampaignFilters } from '../types';
import { prependCampaign, removeCampaign, replaceCampaign } from '../utils/campaign-items';

const NO_ITEMS: Campaign[] = [];

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
  /** items absent: the list lives in the query cache and only the pagination is news */
  | { type: 'listLoaded'; items?: Campaign[]; pagination?: Partial<CampaignPagination> }
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

/**
 * The rules of spec §4 "Campaign list", as pure transitions. The store below runs the screen's own part
 * (calls under way, the error, filters, page, the pick) through it; the list's part (a created campaign
 * on top, an update replacing its row, a delete removing it) is applied to the query cache with the
 * same helpers (utils/campaign-items.ts), where the items are read from.
 */
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
        items: action.items ?? state.items,
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
 * detail update and its rollback). The store keeps only what the screen alone knows (filters and page
 * asked for, calls under way, the last error, which campaign is picked, which list is on screen); the
 * items, their total and the picked campaign's data are read from the query cache, so an edit made
 * anywhere (another screen, a rollback, a queued offline edit) shows here without a copy to keep in step.
 */
export function createCampaignListStore(
  queryClient: QueryClient,
  initial?: { filters: CampaignFilters; page: number },
): CampaignListStore {
  let view: CampaignListState = initial
    ? {
        ...initialCampaignListState,
        filters: initial.filters,
        pagination: { ...initialCampaignListState.pagination, page: initial.page },
      }
    : initialCampaignListState;
  /** the list on screen: the last one loaded (a newer filter or page shows once its answer is in) */
  let shown: CampaignListParams | null = null;
  let listRequest = 0;
  let snapshot: CampaignListState = view;
  const listeners = new Set<() => void>();

  const shownPage = () =>
    shown ? queryClient.getQueryData<CampaignPage>(campaignKeys.list(shown)) : undefined;
  const derive = (): CampaignListState => {
    const page = shownPage();
    const items = page?.items ?? NO_ITEMS;
    const picked = view.selected;
    const selected = picked
      ? (queryClient.getQueryData<Campaign>(campaignKeys.detail(picked.id)) ??
        items.find((c) => c.id === picked.id) ??
        picked)
      : null;
    const total = page?.total ?? view.pagination.total;
    const previous = snapshot;
    // The same object while nothing changed: useSyncExternalStore re-renders on a new one.
    if (
      previous.items === items &&
      previous.selected === selected &&
      previous.pagination.total === total &&
      previous.filters === view.filters &&
      previous.pagination.page === view.pagination.page &&
      previous.loading === view.loading &&
      previous.error === view.error &&
      previous.pending === view.pending
    )
      return previous;
    return { ...view, items, selected, pagination: { ...view.pagination, total } };
  };
  const getState = () => (snapshot = derive());
  const notify = () => listeners.forEach((listener) => listener());
  const dispatch = (action: CampaignListAction) => {
    view = campaignListReducer(view, action);
    notify();
  };
  /** A write to the list on screen (the spec's list rules, applied where the items live). */
  const editShown = (edit: (page: CampaignPage) => CampaignPage) => {
    if (shown) queryClient.setQueryData<CampaignPage>(campaignKeys.list(shown), (page) => page && edit(page));
  };
  const listParams = (): CampaignListParams => ({
    ...view.filters,
    page: view.pagination.page,
    limit: view.pagination.limit,
  });
  // Keeps the list on screen in the cache while the screen is open (a query nobody observes is dropped
  // after gcTime); disabled, so it never fetches by itself: fetchList decides when to ask the server.
  const keeper = new QueryObserver(queryClient, {
    ...getCampaignsQueryOptions(listParams()),
    enabled: false,
  });

  const fetchList = async () => {
    const request = ++listRequest;
    dispatch({ type: 'started' });
    try {
      const params = listParams();
      const page = await queryClient.fetchQuery(getCampaignsQueryOptions(params));
      // An answer to an older filter or page must not overwrite the newer one.
      if (request !== listRequest) return dispatch({ type: 'settled' });
      shown = params;
      keeper.setOptions({ ...getCampaignsQueryOptions(params), enabled: false });
      dispatch({ type: 'listLoaded', pagination: page.total === null ? undefined : { total: page.total } });
    } catch (error) {
      dispatch(request === listRequest ? { type: 'failed', error } : { type: 'settled' });
    }
  };

  return {
    getState,
    subscribe(listener) {
      listeners.add(listener);
      // the cache tells of every change to a campaign or a list; derive() keeps the snapshot when
      // the change is not about what this screen shows
      const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === campaignKeys.all[0]) listener();
      });
      const unkeep = keeper.subscribe(() => undefined);
      return () => {
        listeners.delete(listener);
        unsubscribe();
        unkeep();
      };
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
        const total = getState().pagination.total + 1;
        editShown((page) => ({ items: prependCampaign(page.items, created), total }));
        // the mutation marked every cached list stale; the write above must not make this one fresh
        if (shown) {
          const key = campaignKeys.list(shown);
          void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
        }
        dispatch({ type: 'listLoaded', pagination: { total } });
        showSuccess(translate('campaigns', 'toast.created'), created.name);
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
        const state = getState();
        const current = state.items.find((c) => c.id === id) ?? state.selected;
        const updated = sent ?? ({ ...current, ...body } as Campaign);
        if (!sent) editShown((page) => ({ ...page, items: replaceCampaign(page.items, updated) }));
        notify();
        // Queued offline, the offline banner says the change waits; saved, say so.
        if (sent) showSuccess(translate('campaigns', 'toast.saved'), updated.name);
        return updated;
      } catch (error) {
        dispatch({ type: 'updateFailed', error });
        throw error;
      }
    },
    async remove(id) {
      try {
        const name = getState().items.find((c) => c.id === id)?.name ?? '';
        const ended = await new MutationObserver(
          queryClient,
          deleteCampaignMutationOptions(queryClient),
        ).mutate({ id });
        if (!ended) {
          // the mutation took it out of every cached list (utils/campaign-items.ts); the pick goes if
          // it was this one
          dispatch({ type: 'deleted', id });
          showSuccess(translate('campaigns', 'toast.deleted'), name);
          return;
        }
        // Tracking history must stay auditable: the server ended the campaign instead of deleting it.
        notify();
        showToast({
          title: translate('campaigns', 'toast.ended'),
          message: translate('campaigns', 'toast.endedInstead'),
          color: 'yellow',
        });
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
