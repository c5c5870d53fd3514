/** What the server sends in a web push message (all fields optional; the worker copes with anything). */
export interface PushPayload {
  title?: string;
  body?: string;
  icon?: string;
  tag?: string;
  data?: NotificationData;
}

/** Travels on the notification so the click handler knows where to go. */
export interface NotificationData {
  url?: string;
  type?: string;
  id?: string | number;
  /** The in-app notification this push announces. */
  notification_id?: string;
}

/** Posted to every window of the app when a push arrives, so badges refresh without polling. */
export interface PushReceivedMessage {
  type: 'push-received';
  notification_id?: string;
}

export const DEFAULT_TITLE = 'Affilio';
export const DEFAULT_ICON = '/icons/icon-192.png';

/** The parts of a PushEvent we use, so tests can pass a plain object. */
export interface PushEventLike {
  readonly data: Pick<PushMessageData, 'json' | 'text'> | null;
  waitUntil(promise: Promise<unknown>): void;
}

export type NotificationRegistration = Pick<ServiceWorkerRegistration, 'showNotification'>;

export interface NotificationSpec {
  title: string;
  options: NotificationOptions & { data: NotificationData };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function readData(value: unknown): NotificationData {
  if (!isRecord(value)) return {};
  const data: NotificationData = {};
  const url = nonEmptyString(value.url);
  const type = nonEmptyString(value.type);
  if (url) data.url = url;
  if (type) data.type = type;
  if (typeof value.id === 'number' || nonEmptyString(value.id)) data.id = value.id as string | number;
  const notificationId = nonEmptyString(value.notification_id);
  if (notificationId) data.notification_id = notificationId;
  return data;
}

function readPayload(message: PushEventLike['data']): unknown {
  if (!message) return undefined;
  try {
    return message.json();
  } catch {
    // Not JSON: a plain-text push still deserves a visible notification.
    try {
      return nonEmptyString(message.text()) ? { body: message.text() } : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Turns whatever arrived into a notification that is always showable. */
export function toNotificationSpec(message: PushEventLike['data']): NotificationSpec {
  const payload = readPayload(message);
  const fields = isRecord(payload) ? payload : {};
  const options: NotificationSpec['options'] = {
    body: nonEmptyString(fields.body) ?? '',
    icon: nonEmptyString(fields.icon) ?? DEFAULT_ICON,
    badge: DEFAULT_ICON,
    data: readData(fields.data),
  };
  const tag = nonEmptyString(fields.tag);
  if (tag) options.tag = tag;
  return { title: nonEmptyString(fields.title) ?? DEFAULT_TITLE, options };
}

/** The part of `self.clients` used to tell open windows about the push. */
export interface PushClients {
  matchAll(options: {
    type: 'window';
    includeUncontrolled: boolean;
  }): Promise<readonly { postMessage(message: unknown): void }[]>;
}

async function announce(clients: PushClients, data: NotificationData): Promise<void> {
  const message: PushReceivedMessage = { type: 'push-received' };
  if (data.notification_id) message.notification_id = data.notification_id;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

/**
 * Browsers penalise (and Chrome eventually revokes) push subscriptions whose pushes show nothing,
 * so every push shows a notification, falling back to a generic one. Open windows are told too, so
 * their in-app badge updates at once; that part failing never stops the notification.
 */
export function handlePush(
  event: PushEventLike,
  registration: NotificationRegistration,
  clients?: PushClients,
): Promise<void> {
  const { title, options } = toNotificationSpec(event.data);
  const shown = registration.showNotification(title, options);
  const told = clients ? announce(clients, options.data).catch(() => undefined) : Promise.resolve();
  const done = Promise.all([shown, told]).then(() => undefined);
  event.waitUntil(done);
  return done;
}
