import { vi } from 'vitest';
import type {
  PushEnvironment,
  RegistrationLike,
  SubscriptionLike,
} from '../../../../src/features/push/stores/push-store';

/** A base64url P-256 public key (65 bytes) like the server's vapid_public_key. */
export const VAPID_KEY = `B${'A'.repeat(85)}`;
export const OTHER_KEY = `B${'Q'.repeat(85)}`;

export function keyBytes(key: string): ArrayBuffer {
  const binary = atob(
    key
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(key.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
}

export function fakeSubscription(endpoint: string, key: string = VAPID_KEY) {
  const subscription = {
    endpoint,
    options: { applicationServerKey: keyBytes(key) },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  } satisfies SubscriptionLike;
  return subscription;
}

/**
 * A fake browser: Notification permission (and what the prompt answers), a service worker
 * registration and a push manager that hands out `fakeSubscription`s.
 */
export function fakeBrowser(
  options: {
    permission?: NotificationPermission;
    prompt?: NotificationPermission;
    existing?: SubscriptionLike | null;
    supported?: boolean;
    registered?: boolean;
  } = {},
) {
  let current: SubscriptionLike | null = options.existing ?? null;
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = options.prompt ?? notification.permission;
      return notification.permission;
    }),
  };
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(current)),
    subscribe: vi.fn((init: PushSubscriptionOptionsInit) => {
      const key = new Uint8Array(init.applicationServerKey as ArrayBuffer);
      current = {
        ...fakeSubscription('https://push.example/send/new'),
        options: { applicationServerKey: key.buffer },
      };
      return Promise.resolve(current);
    }),
  };
  const registration: RegistrationLike = { pushManager };
  const env: PushEnvironment = {
    notification: options.supported === false ? undefined : notification,
    serviceWorker: {
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(options.registered === false ? undefined : registration),
    },
    pushManager: options.supported !== false,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
  };
  return { env, notification, pushManager, current: () => current };
}
