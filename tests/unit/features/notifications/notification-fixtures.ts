import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { Notification } from '../../../../src/features/notifications/types';
import { api } from '../../../../src/lib/api-client';
import type { FakeReply, FakeServer } from '../../support/fake-server';

let sequence = 0;

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  return {
    id: `n-${sequence}`,
    category: 'application',
    priority: 'normal',
    is_important: false,
    requires_action: false,
    title: `Notification ${sequence}`,
    body: 'Something happened.',
    link: null,
    data: {},
    is_read: false,
    read_at: null,
    is_archived: false,
    created_at: new Date(Date.now() - sequence * 60_000).toISOString(),
    ...overrides,
  };
}

/** The fake server drops query strings; this records each request's axios `params` beside its path. */
export function recordParams(): { path: string; params: Record<string, unknown> }[] {
  const seen: { path: string; params: Record<string, unknown> }[] = [];
  const inner = api.defaults.adapter as AxiosAdapter;
  api.defaults.adapter = (config: InternalAxiosRequestConfig) => {
    seen.push({ path: config.url ?? '', params: { ...(config.params as Record<string, unknown>) } });
    return inner(config);
  };
  return seen;
}

/** A promise the test settles by hand: holds a fake reply back to observe the optimistic state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * A small in-memory notifications API behind the fake server (list, stats, read, bulk read, archive,
 * delete, dismiss). `holdWrites` lets a test delay writes, then apply or fail them.
 */
export function notificationsBackend(server: FakeServer, initial: Notification[]) {
  let rows = [...initial];
  // While `gate` is pending every write waits; once released with a reply, writes keep getting that
  // reply (a retry must fail too) until `recover()`.
  const state = { gate: null as Promise<FakeReply | null> | null, failWith: null as FakeReply | null };
  const unread = () => rows.filter((n) => !n.is_read).length;
  const held = async (apply: () => FakeReply): Promise<FakeReply> => {
    if (state.gate) {
      state.failWith = await state.gate;
      state.gate = null;
    }
    return state.failWith ?? apply();
  };
  const id = (path: string) => path.split('/')[2] ?? '';

  server
    .on('GET', '/notifications/', () => ({
      status: 200,
      body: rows,
      headers: { 'x-total-count': String(rows.length) },
    }))
    .on('GET', '/notifications/stats', () => ({ status: 200, body: { unread_notifications: unread() } }))
    .on('GET', '/notifications/stats/enhanced', () => ({
      status: 200,
      body: { unread_notifications: unread(), total: rows.length, by_category: {}, by_priority: {} },
    }))
    .on('PUT', '/notifications/bulk/read', ({ body }) =>
      held(() => {
        const ids = (body as { notification_ids?: string[] } | undefined)?.notification_ids;
        let updated = 0;
        rows = rows.map((n) => {
          if (n.is_read || (ids && !ids.includes(n.id))) return n;
          updated += 1;
          return { ...n, is_read: true, read_at: new Date().toISOString() };
        });
        return { status: 200, body: { updated } };
      }),
    );

  for (const row of initial) {
    server
      .on('PUT', `/notifications/${row.id}/read`, ({ path }) =>
        held(() => {
          rows = rows.map((n) => (n.id === id(path) ? { ...n, is_read: true, read_at: 'now' } : n));
          return { status: 200, body: rows.find((n) => n.id === id(path)) };
        }),
      )
      .on('PUT', `/notifications/${row.id}/archive`, ({ path }) =>
        held(() => {
          const archived = rows.find((n) => n.id === id(path));
          rows = rows.filter((n) => n.id !== id(path));
          return { status: 200, body: { ...archived, is_archived: true } };
        }),
      )
      .on('DELETE', `/notifications/${row.id}`, ({ path }) =>
        held(() => {
          rows = rows.filter((n) => n.id !== id(path));
          return { status: 204 };
        }),
      );
    const field = row.data.missing_field;
    if (typeof field === 'string') {
      server.on('POST', `/notifications/dismiss-profile-completion/${field}`, () =>
        held(() => {
          const before = rows.length;
          rows = rows.filter((n) => n.data.missing_field !== field);
          return { status: 200, body: { dismissed: before - rows.length } };
        }),
      );
    }
  }

  return {
    /** The live rows (push to add one "on the server"). */
    rows: () => rows,
    /**
     * Holds writes until the returned `release` is called: with null they then apply, with a reply
     * they fail with it (retries included) until `recover()`.
     */
    holdWrites() {
      const gate = deferred<FakeReply | null>();
      state.gate = gate.promise;
      return gate.resolve;
    },
    recover() {
      state.failWith = null;
    },
  };
}
