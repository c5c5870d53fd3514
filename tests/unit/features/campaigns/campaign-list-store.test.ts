import { describe, expect, it, vi } from 'vitest';
import { campaignKeys } from '../../../../src/features/campaigns/api/campaign-keys';
import {
  campaignListReducer,
  createCampaignListStore,
  initialCampaignListState,
  type CampaignListState,
} from '../../../../src/features/campaigns/stores/campaign-list-store';
import type { Campaign } from '../../../../src/features/campaigns/types';
import { createQueryClient } from '../../../../src/lib/query-client';
import { installFakeServer } from '../../support/fake-server';
import { makeCampaign } from './campaign-fixtures';

const withItems = (items: Campaign[], patch: Partial<CampaignListState> = {}): CampaignListState => ({
  ...initialCampaignListState,
  items,
  ...patch,
});

describe('campaign list state (reducer)', () => {
  it('starts with the spec defaults', () => {
    expect(initialCampaignListState).toMatchObject({
      items: [],
      selected: null,
      loading: false,
      error: null,
      pagination: { total: 0, page: 1, limit: 10 },
      filters: { status: 'all', category: 'all', search: '' },
    });
  });

  it('sets loading and clears the error while a call is pending', () => {
    const state = campaignListReducer(withItems([], { error: new Error('old') }), { type: 'started' });
    expect(state).toMatchObject({ loading: true, error: null });
    expect(campaignListReducer(state, { type: 'failed', error: 'boom' })).toMatchObject({
      loading: false,
      error: 'boom',
    });
  });

  it('stays loading until every pending call has finished', () => {
    let state = campaignListReducer(initialCampaignListState, { type: 'started' });
    state = campaignListReducer(state, { type: 'started' });
    state = campaignListReducer(state, { type: 'listLoaded', items: [] });
    expect(state.loading).toBe(true);
    state = campaignListReducer(state, { type: 'selectedLoaded', campaign: makeCampaign() });
    expect(state.loading).toBe(false);
  });

  it('replaces the items on a list fetch and merges pagination only when present', () => {
    const [a, b, c] = [makeCampaign(), makeCampaign(), makeCampaign()];
    const started = campaignListReducer(withItems([a!], { pagination: { total: 1, page: 2, limit: 10 } }), {
      type: 'started',
    });
    const loaded = campaignListReducer(started, {
      type: 'listLoaded',
      items: [b!, c!],
      pagination: { total: 42 },
    });
    expect(loaded.items).toEqual([b, c]);
    expect(loaded.pagination).toEqual({ total: 42, page: 2, limit: 10 });
    const noPagination = campaignListReducer({ ...loaded, pending: 1 }, { type: 'listLoaded', items: [a!] });
    expect(noPagination.pagination).toEqual({ total: 42, page: 2, limit: 10 });
  });

  it('puts a created campaign on top', () => {
    const [a, b, created] = [makeCampaign(), makeCampaign(), makeCampaign()];
    const state = campaignListReducer(
      { ...withItems([a!, b!], { pagination: { total: 2, page: 1, limit: 10 } }), pending: 1 },
      { type: 'created', campaign: created! },
    );
    expect(state.items.map((c) => c.id)).toEqual([created!.id, a!.id, b!.id]);
    expect(state.pagination.total).toBe(3);
    expect(state.loading).toBe(false);
  });

  it('replaces the matching item and the selected campaign on update', () => {
    const [a, b] = [makeCampaign(), makeCampaign()];
    const renamed = { ...b!, name: 'Renamed' };
    const state = campaignListReducer(withItems([a!, b!], { selected: b! }), {
      type: 'updated',
      campaign: renamed,
    });
    expect(state.items).toEqual([a, renamed]);
    expect(state.selected).toEqual(renamed);
    const other = campaignListReducer(withItems([a!, b!], { selected: a! }), {
      type: 'updated',
      campaign: renamed,
    });
    expect(other.selected).toBe(a);
  });

  it('removes a deleted campaign and clears the selection only if it was that one', () => {
    const [a, b] = [makeCampaign(), makeCampaign()];
    const cleared = campaignListReducer(withItems([a!, b!], { selected: b! }), {
      type: 'deleted',
      id: b!.id,
    });
    expect(cleared.items).toEqual([a]);
    expect(cleared.selected).toBeNull();
    const kept = campaignListReducer(withItems([a!, b!], { selected: a! }), { type: 'deleted', id: b!.id });
    expect(kept.selected).toBe(a);
  });

  it('goes back to page 1 when a filter changes', () => {
    const state = campaignListReducer(withItems([], { pagination: { total: 50, page: 3, limit: 10 } }), {
      type: 'filtersChanged',
      filters: { status: 'paused' },
    });
    expect(state.pagination.page).toBe(1);
    expect(state.filters).toEqual({ status: 'paused', category: 'all', search: '' });
  });
});

describe('campaign list store (with React Query and a fake server)', () => {
  const setup = () => {
    // The mutation cache logs failed mutations (lib/query-client.ts); expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = installFakeServer();
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
    return { server, queryClient, store: createCampaignListStore(queryClient) };
  };

  it('loads a page, reading the total from X-Total-Count', async () => {
    const { server, store } = setup();
    const items = [makeCampaign(), makeCampaign()];
    server.on('GET', '/campaigns', { status: 200, body: items, headers: { 'x-total-count': '23' } });
    const loading = store.fetchList();
    expect(store.getState().loading).toBe(true);
    await loading;
    expect(store.getState()).toMatchObject({ items, loading: false, error: null });
    expect(store.getState().pagination).toEqual({ total: 23, page: 1, limit: 10 });
  });

  it('applies an update optimistically to the cached campaign and rolls it back when the PUT fails', async () => {
    const { server, queryClient, store } = setup();
    const original = makeCampaign({ name: 'Old name' });
    server.on('GET', '/campaigns', { status: 200, body: [original], headers: { 'x-total-count': '1' } });
    await store.fetchList();
    queryClient.setQueryData(campaignKeys.detail(original.id), original);
    store.select(original);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.on('PUT', `/campaigns/${original.id}`, async () => {
      await held;
      return { status: 422, body: { detail: 'payout_minor is required for the cpa model' } };
    });

    const update = store.update(original.id, { name: 'New name' });
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData<Campaign>(campaignKeys.detail(original.id))?.name).toBe('New name');

    release();
    await expect(update).rejects.toBeTruthy();
    expect(queryClient.getQueryData<Campaign>(campaignKeys.detail(original.id))).toEqual(original);
    expect(store.getState().items).toEqual([original]);
    expect(store.getState().selected).toEqual(original);
    expect(store.getState().error).toBeTruthy();
  });

  it('replaces the item, the selection and the cache with the server copy after a successful update', async () => {
    const { server, queryClient, store } = setup();
    const original = makeCampaign();
    const saved = { ...original, name: 'Saved', updated_at: '2025-02-01T00:00:00.000Z' };
    server
      .on('GET', '/campaigns', { status: 200, body: [original] })
      .on('PUT', `/campaigns/${original.id}`, { status: 200, body: saved });
    await store.fetchList();
    store.select(original);
    await store.update(original.id, { name: 'Saved' });
    expect(store.getState().items).toEqual([saved]);
    expect(store.getState().selected).toEqual(saved);
    expect(queryClient.getQueryData(campaignKeys.detail(original.id))).toEqual(saved);
  });

  it('creates on top and deletes with the selection cleared', async () => {
    const { server, store } = setup();
    const existing = makeCampaign();
    const created = makeCampaign({ name: 'Brand new' });
    server
      .on('GET', '/campaigns', { status: 200, body: [existing], headers: { 'x-total-count': '1' } })
      .on('POST', '/campaigns', { status: 201, body: created })
      .on('DELETE', `/campaigns/${created.id}`, { status: 204 });
    await store.fetchList();
    const input = {
      name: created.name,
      description: '',
      category: 'fashion' as const,
      status: 'active' as const,
      landing_url: created.landing_url,
      currency: 'EUR' as const,
      commission_model: 'cpa' as const,
      payout_minor: 1000,
      revshare_bps: null,
      approval_mode: 'manual' as const,
      attribution_days: 30,
      budget_minor: null,
      starts_at: null,
      ends_at: null,
      terms: '',
      pixel_enabled: false,
      max_order_minor: null,
    };
    await store.create(input);
    expect(store.getState().items.map((c) => c.name)).toEqual(['Brand new', existing.name]);
    expect(store.getState().pagination.total).toBe(2);

    store.select(created);
    await store.remove(created.id);
    expect(store.getState().items).toEqual([existing]);
    expect(store.getState().selected).toBeNull();
  });

  it('replaces the item and the selection with the ended campaign when the server keeps its history (200)', async () => {
    const { server, queryClient, store } = setup();
    const tracked = makeCampaign({ name: 'Tracked' });
    const other = makeCampaign();
    const ended = { ...tracked, status: 'ended' as const, updated_at: '2025-03-01T00:00:00.000Z' };
    server
      .on('GET', '/campaigns', { status: 200, body: [tracked, other], headers: { 'x-total-count': '2' } })
      .on('DELETE', `/campaigns/${tracked.id}`, { status: 200, body: ended });
    await store.fetchList();
    store.select(tracked);
    await store.remove(tracked.id);
    expect(store.getState().items).toEqual([ended, other]);
    expect(store.getState().selected).toEqual(ended);
    expect(store.getState().pagination.total).toBe(2);
    expect(queryClient.getQueryData(campaignKeys.detail(tracked.id))).toEqual(ended);
  });

  it('keeps the error of a failed list fetch until the next call starts', async () => {
    const { server, store } = setup();
    server.on('GET', '/campaigns', { status: 500, body: { detail: 'db down' } });
    await store.fetchList();
    expect(store.getState().error).toBeTruthy();
    server.on('GET', `/campaigns/c-x`, { status: 200, body: makeCampaign({ id: 'c-x' }) });
    const byId = store.fetchById('c-x');
    expect(store.getState()).toMatchObject({ loading: true, error: null });
    await byId;
    expect(store.getState().selected?.id).toBe('c-x');
  });
});
