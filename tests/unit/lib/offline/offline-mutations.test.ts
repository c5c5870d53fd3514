import { dehydrate, hydrate, MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerOfflineWrites } from '../../../../src/app/offline-mutations';
import { updateCampaignOfflineOptions } from '../../../../src/features/campaigns/api/update-campaign';
import { campaignKeys } from '../../../../src/features/campaigns/api/campaign-keys';
import { markNotificationReadOfflineOptions } from '../../../../src/features/notifications/api/mark-notification-read';
import { notificationKeys } from '../../../../src/features/notifications/api/notification-keys';
import type { Notification } from '../../../../src/features/notifications/types';
import { IDEMPOTENCY_HEADER } from '../../../../src/lib/offline/idempotency-key';
import {
  OFFLINE_SCOPE,
  queued,
  runOfflineMutation,
  type Queued,
} from '../../../../src/lib/offline/offline-mutation';
import { createQueryClient, shouldPersistMutation } from '../../../../src/lib/query-client';
import * as toast from '../../../../src/lib/toast';
import { makeCampaign } from '../../features/campaigns/campaign-fixtures';
import { makeNotification } from '../../features/notifications/notification-fixtures';
import { installFakeServer, unreachableFetch } from '../../support/fake-server';

const LIST = notificationKeys.list({ category: 'all', priority: 'all', is_read: null, limit: 10 });

function appClient(): QueryClient {
  const client = createQueryClient();
  registerOfflineWrites(client);
  return client;
}

/** What a reload keeps: the dehydrated cache as persisted, restored into a fresh client. */
function reload(client: QueryClient): QueryClient {
  const state = JSON.parse(
    JSON.stringify(dehydrate(client, { shouldDehydrateMutation: shouldPersistMutation })),
  ) as ReturnType<typeof dehydrate>;
  const fresh = appClient();
  hydrate(fresh, state);
  return fresh;
}

const isRead = (client: QueryClient, id: string) =>
  client.getQueryData<{ items: Notification[] }>(LIST)?.items.find((n) => n.id === id)?.is_read;

let browserOnline = false;

/** The browser's own flag (read when a client is created) and TanStack's, as the online/offline events set them. */
function setOnline(online: boolean) {
  browserOnline = online;
  onlineManager.setOnline(online);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => browserOnline);
  setOnline(false);
});
afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
});

const campaignName = (client: QueryClient) =>
  client.getQueryData<{ items: { name: string }[] }>(campaignKeys.list({} as never))?.items[0]?.name;

describe('changes made offline', () => {
  it('are registered by key with the offline scope, and paused rather than sent', async () => {
    const server = installFakeServer();
    const client = appClient();
    const defaults = client.getMutationDefaults(markNotificationReadOfflineOptions(client).mutationKey);
    expect(defaults.mutationFn).toBeTypeOf('function');
    expect(defaults.scope).toEqual(OFFLINE_SCOPE);
    expect(defaults.networkMode).toBe('online');

    const unread = makeNotification({ is_read: false });
    client.setQueryData(LIST, { items: [unread], total: 1 });
    void new MutationObserver(client, markNotificationReadOfflineOptions(client)).mutate(queued(unread.id));
    await vi.waitFor(() => expect(isRead(client, unread.id)).toBe(true)); // shown at once
    expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('survive a reload and are replayed once, in order, with the key chosen when they were made', async () => {
    const unread = makeNotification({ is_read: false });
    const campaign = makeCampaign({ name: 'Old name' });
    const server = installFakeServer()
      .on('PUT', `/campaigns/${campaign.id}`, { status: 200, body: { ...campaign, name: 'New name' } })
      .on('PUT', `/notifications/${unread.id}/read`, { status: 200, body: { ...unread, is_read: true } });
    const client = appClient();
    client.setQueryData(LIST, { items: [unread], total: 1 });
    client.setQueryData(campaignKeys.list({} as never), { items: [campaign], total: 1 });

    const edit = queued({ id: campaign.id, body: { name: 'New name' } });
    const read = queued(unread.id);
    void new MutationObserver(client, updateCampaignOfflineOptions(client)).mutate(edit).catch(() => {});
    void new MutationObserver(client, markNotificationReadOfflineOptions(client)).mutate(read);
    await vi.waitFor(() => expect(isRead(client, unread.id)).toBe(true));
    expect(
      client
        .getMutationCache()
        .getAll()
        .every((m) => m.state.isPaused),
    ).toBe(true);

    const restored = reload(client);
    const pending = restored.getMutationCache().getAll();
    expect(pending.map((m) => (m.state.variables as Queued<unknown>).idempotencyKey)).toEqual([
      edit.idempotencyKey,
      read.idempotencyKey,
    ]);
    expect(isRead(restored, unread.id)).toBe(true);
    expect(
      restored.getQueryData<{ items: { name: string }[] }>(campaignKeys.list({} as never))?.items[0]?.name,
    ).toBe('New name');

    setOnline(true);
    await restored.resumePausedMutations();
    await vi.waitFor(() => expect(restored.isMutating()).toBe(0));

    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /campaigns/${campaign.id}`,
      `PUT /notifications/${unread.id}/read`,
    ]);
    expect(server.requests.map((r) => r.headers.get(IDEMPOTENCY_HEADER))).toEqual([
      edit.idempotencyKey,
      read.idempotencyKey,
    ]);
    expect(server.requests[0]?.body).toEqual({ name: 'New name' });
  });

  it('roll back and say what failed when the server refuses the replay', async () => {
    const shown = vi.spyOn(toast, 'showToast');
    const unread = makeNotification({ is_read: false });
    installFakeServer().on('PUT', `/notifications/${unread.id}/read`, {
      status: 404,
      body: { detail: 'Notification not found' },
    });
    const client = appClient();
    client.setQueryData(LIST, { items: [unread], total: 1 });
    void new MutationObserver(client, markNotificationReadOfflineOptions(client))
      .mutate(queued(unread.id))
      .catch(() => {});
    await vi.waitFor(() => expect(isRead(client, unread.id)).toBe(true));
    const restored = reload(client);

    setOnline(true);
    await restored.resumePausedMutations();

    await vi.waitFor(() => expect(isRead(restored, unread.id)).toBe(false));
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Change not saved: mark notification read',
        message: 'Notification not found',
        color: 'red',
      }),
    );
  });
  it('wait again, and are not dropped, when the replay finds no network although the browser says online', async () => {
    unreachableFetch();
    const shown = vi.spyOn(toast, 'showToast');
    const campaign = makeCampaign({ name: 'Old name' });
    const server = installFakeServer().on('PUT', `/campaigns/${campaign.id}`, { networkError: true });
    const client = appClient();
    client.setQueryData(campaignKeys.list({} as never), { items: [campaign], total: 1 });
    const edit = queued({ id: campaign.id, body: { name: 'New name' } });
    void new MutationObserver(client, updateCampaignOfflineOptions(client)).mutate(edit).catch(() => {});
    await vi.waitFor(() => expect(campaignName(client)).toBe('New name'));

    // The browser's online event: the change is tried, finds no network, and the app goes offline.
    setOnline(true);
    void client.resumePausedMutations();
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false));
    const [mutation] = client.getMutationCache().getAll();
    await vi.waitFor(() => expect(mutation?.state.isPaused).toBe(true));
    expect(mutation?.state.status).toBe('pending');
    expect(campaignName(client)).toBe('New name');
    expect(shown).not.toHaveBeenCalled();

    // Still there after a reload, and sent once, with its key, when the server answers again.
    const restored = reload(client);
    server.on('PUT', `/campaigns/${campaign.id}`, { status: 200, body: { ...campaign, name: 'New name' } });
    setOnline(true);
    await restored.resumePausedMutations();
    await vi.waitFor(() => expect(restored.isMutating()).toBe(0));
    const sent = server.callsTo('PUT', `/campaigns/${campaign.id}`);
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.headers.get(IDEMPOTENCY_HEADER))).toEqual([
      edit.idempotencyKey,
      edit.idempotencyKey,
    ]);
    expect(shown).not.toHaveBeenCalled();
  });

  it('made online, are queued rather than failed when they find no network', async () => {
    unreachableFetch();
    setOnline(true);
    const campaign = makeCampaign({ name: 'Old name' });
    installFakeServer().on('PUT', `/campaigns/${campaign.id}`, { networkError: true });
    const client = appClient();
    client.setQueryData(campaignKeys.list({} as never), { items: [campaign], total: 1 });

    const sent = await runOfflineMutation(client, updateCampaignOfflineOptions(client), {
      id: campaign.id,
      body: { name: 'New name' },
    });

    expect(sent).toBeUndefined(); // what the store takes for "queued"
    expect(onlineManager.isOnline()).toBe(false);
    expect(client.getMutationCache().getAll()[0]?.state).toMatchObject({ status: 'pending', isPaused: true });
    expect(campaignName(client)).toBe('New name');
  });

  it('made online, still fail to the person who made them when the server answers with an error', async () => {
    setOnline(true);
    const campaign = makeCampaign({ name: 'Old name' });
    installFakeServer().on('PUT', `/campaigns/${campaign.id}`, {
      status: 422,
      body: { detail: 'Name is too long' },
    });
    const client = appClient();
    client.setQueryData(campaignKeys.list({} as never), { items: [campaign], total: 1 });

    await expect(
      runOfflineMutation(client, updateCampaignOfflineOptions(client), {
        id: campaign.id,
        body: { name: 'New name' },
      }),
    ).rejects.toThrow();
    expect(onlineManager.isOnline()).toBe(true);
    expect(campaignName(client)).toBe('Old name');
  });
});
