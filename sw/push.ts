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

/**
 * Browsers penalise (and Chrome eventually revokes) push subscriptions whose pushes show nothing,
 * so every push shows a notification, falling back to a generic one.
 */
export function handlePush(event: PushEventLike, registration: NotificationRegistration): Promise<void> {
  const { title, options } = toNotificationSpec(event.data);
  const shown = registration.showNotification(title, options);
  event.waitUntil(shown);
  return shown;
}
