import type { NotificationData } from './push';

export const DEFAULT_PATH = '/dashboard';

/** The parts of a NotificationEvent we use, so tests can pass a plain object. */
export interface NotificationClickEventLike {
  readonly notification: { readonly data?: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}

export interface WindowClientLike {
  readonly url: string;
  readonly focused?: boolean;
  focus?(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
  postMessage(message: unknown): void;
}

export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
}

export interface NavigateMessage {
  type: 'NAVIGATE';
  url: string;
}

function pathForType(data: NotificationData): string | undefined {
  switch (data.type) {
    case 'message':
      return data.id !== undefined ? `/conversation=${encodeURIComponent(String(data.id))}` : '/messaging';
    case 'campaign':
      return '/campaigns';
    case 'application':
      return '/applications';
    default:
      return undefined;
  }
}

function sameOriginUrl(candidate: unknown, origin: string): string | undefined {
  if (typeof candidate !== 'string' || candidate === '') return undefined;
  try {
    const url = new URL(candidate, origin);
    return url.origin === origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a click on a notification should take the user: an absolute same-origin URL. Spec §2 fixes
 * the targets of messages, campaigns and applications; any other notification opens its own in-app
 * link (data.url), and /dashboard when it has none.
 */
export function resolveTargetUrl(data: unknown, origin: string): string {
  const fields = (typeof data === 'object' && data !== null ? data : {}) as NotificationData;
  const typed = pathForType(fields);
  if (typed) return new URL(typed, origin).href;
  // Only on our own origin: a push must not become an open redirect.
  return sameOriginUrl(fields.url, origin) ?? new URL(DEFAULT_PATH, origin).href;
}

function isOwnWindow(client: WindowClientLike, origin: string): boolean {
  try {
    return new URL(client.url).origin === origin;
  } catch {
    return false;
  }
}

async function navigateClient(client: WindowClientLike, url: string): Promise<void> {
  if (client.url === url) return;
  // navigate() only works on clients this worker controls; otherwise let the page route itself.
  if (typeof client.navigate === 'function') {
    try {
      const result = await client.navigate(url);
      if (result !== null) return;
    } catch {
      // fall through to postMessage
    }
  }
  const message: NavigateMessage = { type: 'NAVIGATE', url };
  client.postMessage(message);
}

export async function focusOrOpen(clients: ClientsLike, url: string, origin: string): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const own = windows.filter((client) => isOwnWindow(client, origin));
  const client = own.find((candidate) => candidate.focused) ?? own[0];
  if (!client) {
    await clients.openWindow(url);
    return;
  }
  if (typeof client.focus === 'function') {
    try {
      await client.focus();
    } catch {
      // Focusing can be refused (no user activation); navigating is still worthwhile.
    }
  }
  await navigateClient(client, url);
}

export function handleNotificationClick(
  event: NotificationClickEventLike,
  clients: ClientsLike,
  origin: string,
): Promise<void> {
  event.notification.close();
  const done = focusOrOpen(clients, resolveTargetUrl(event.notification.data, origin), origin);
  event.waitUntil(done);
  return done;
}
