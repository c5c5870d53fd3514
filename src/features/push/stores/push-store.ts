import { useSyncExternalStore } from 'react';
import { unsubscribePush } from '../api/unsubscribe-push';
import type { SubscribePushBody } from '../types';
import { base64UrlToBytes, sameKey } from '../utils/vapid-key';

/** Spec §4: unsupported; permission default, granted or denied; subscribed. */
export type PushStatus = 'unsupported' | NotificationPermission | 'subscribed';

export interface PushState {
  status: PushStatus;
  /** This browser's subscription endpoint while subscribed. */
  endpoint: string | null;
  /** false until init() has looked for an existing subscription. */
  initialised: boolean;
}

/** Spec §8, word for word. */
export const PUSH_ERRORS = {
  unsupported: 'Push notifications not supported',
  denied: 'Permission denied by user',
  notGranted: 'Permission not granted',
  saveFailed: 'Failed to save subscription to backend',
} as const;

/** Why "Enable" stopped: the push catalog's "error.<key>" says it in the UI language. */
export type PushErrorKey =
  keyof typeof PUSH_ERRORS | 'workerTimeout' | 'serviceTimeout' | 'serverTimeout' | 'subscribeFailed';

/** The message is the English text (spec §8); `key` (and `detail`) let the UI say it in its language. */
export class PushError extends Error {
  override name = 'PushError';
  constructor(
    message: string,
    readonly key?: PushErrorKey,
    /** the browser's own words, for 'subscribeFailed' */
    readonly detail?: string,
  ) {
    super(message);
  }
}

/**
 * How long to wait for each of the service worker, the browser's push service and the server before
 * giving up with a reason: "Enable" answers within seconds, never spins on.
 */
export const PUSH_TIMEOUT_MS = 5_000;

/** Where "Enable" is, for its progress line. */
export type EnableStep = 'permission' | 'worker' | 'subscribe' | 'save';

// The slices of the browser APIs we use, so tests can hand in fakes.
export interface SubscriptionLike {
  readonly endpoint: string;
  readonly options?: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}
export interface RegistrationLike {
  readonly pushManager: {
    getSubscription(): Promise<SubscriptionLike | null>;
    subscribe(options: PushSubscriptionOptionsInit): Promise<SubscriptionLike>;
  };
}
export interface PushEnvironment {
  notification?: {
    readonly permission: NotificationPermission;
    requestPermission(): Promise<NotificationPermission>;
  };
  serviceWorker?: {
    readonly ready: Promise<RegistrationLike>;
    getRegistration(): Promise<RegistrationLike | undefined>;
  };
  /** window.PushManager exists */
  pushManager: boolean;
  userAgent: string;
}

export interface PushBackend {
  save(body: SubscribePushBody): Promise<unknown>;
  remove(endpoint: string): Promise<unknown>;
}

export function browserPushEnvironment(): PushEnvironment {
  const hasWindow = typeof window !== 'undefined';
  return {
    notification: hasWindow && 'Notification' in window ? window.Notification : undefined,
    serviceWorker: typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined,
    pushManager: hasWindow && 'PushManager' in window,
    userAgent: typeof navigator !== 'undefined' ? navigator.userAgent : '',
  };
}

// The subscribe request validates its body with zod: loaded when a subscription is saved, not at start.
const apiBackend: PushBackend = {
  save: (body) => import('../api/subscribe-push').then((m) => m.subscribePush(body)),
  remove: unsubscribePush,
};

/** Why the browser would not subscribe, and what usually fixes it. */
export function subscribeFailed(error: unknown): PushError {
  const detail = error instanceof Error && error.message ? error.message : '';
  return new PushError(
    `This browser could not set up push notifications${detail ? ` (${detail})` : ''}. Push needs the site on HTTPS (or localhost) and a browser with its push service turned on; private windows and some browsers have none.`,
    'subscribeFailed',
    detail,
  );
}

const TIMEOUTS = {
  workerTimeout: 'The service worker is not running yet. Reload the page and try again.',
  serviceTimeout: "The browser's push service did not answer. Check the connection and try again.",
  serverTimeout: 'The server did not answer in time. Check the connection and try again.',
} as const;

function withTimeout<T>(promise: Promise<T>, key: keyof typeof TIMEOUTS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushError(TIMEOUTS[key], key)), PUSH_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function toBody(subscription: SubscriptionLike, userAgent: string): SubscribePushBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    userAgent,
  };
}

export interface PushStore {
  getState(): PushState;
  subscribe(listener: () => void): () => void;
  /** Reads support, permission and any existing subscription (at start-up). */
  init(): Promise<void>;
  /** Permission → pushManager.subscribe with the server's key → POST /my/push/subscribe. */
  enable(vapidPublicKey: string, onStep?: (step: EnableStep) => void): Promise<void>;
  /** DELETE /my/push/unsubscribe, then drops the browser's subscription. */
  disable(): Promise<void>;
}

export function createPushStore(
  environment: () => PushEnvironment = browserPushEnvironment,
  backend: PushBackend = apiBackend,
): PushStore {
  const supported = (env: PushEnvironment) =>
    Boolean(env.notification && env.serviceWorker && env.pushManager);
  const initialEnv = environment();
  let state: PushState = {
    status: supported(initialEnv) ? initialEnv.notification!.permission : 'unsupported',
    endpoint: null,
    initialised: false,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<PushState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };

  async function init(): Promise<void> {
    const env = environment();
    if (!supported(env)) return set({ status: 'unsupported', endpoint: null, initialised: true });
    const permission = env.notification!.permission;
    if (permission !== 'granted') return set({ status: permission, endpoint: null, initialised: true });
    let subscription: SubscriptionLike | null;
    try {
      // getRegistration, not ready: without a worker yet there is no subscription, and ready would wait.
      const registration = await env.serviceWorker!.getRegistration();
      subscription = (await registration?.pushManager.getSubscription()) ?? null;
    } catch (error) {
      set({ status: permission, endpoint: null, initialised: true });
      throw error;
    }
    set({
      status: subscription ? 'subscribed' : 'granted',
      endpoint: subscription?.endpoint ?? null,
      initialised: true,
    });
  }

  async function enable(vapidPublicKey: string, onStep?: (step: EnableStep) => void): Promise<void> {
    const env = environment();
    if (!supported(env)) {
      set({ status: 'unsupported' });
      throw new PushError(PUSH_ERRORS.unsupported, 'unsupported');
    }
    const notification = env.notification!;
    onStep?.('permission');
    const permission =
      notification.permission === 'granted' ? 'granted' : await notification.requestPermission();
    if (permission === 'denied') {
      set({ status: 'denied', endpoint: null });
      throw new PushError(PUSH_ERRORS.denied, 'denied');
    }
    if (permission !== 'granted') {
      set({ status: 'default', endpoint: null });
      throw new PushError(PUSH_ERRORS.notGranted, 'notGranted');
    }
    if (state.status !== 'subscribed') set({ status: 'granted' });

    onStep?.('worker');
    const registration = await withTimeout(env.serviceWorker!.ready, 'workerTimeout');
    const key = base64UrlToBytes(vapidPublicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options?.applicationServerKey, key)) {
      // Made for another server key (rotated keys, or another deployment on this origin).
      await subscription.unsubscribe();
      subscription = null;
    }
    onStep?.('subscribe');
    subscription ??= await withTimeout(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      'serviceTimeout',
    ).catch((error: unknown) => {
      if (error instanceof PushError) throw error;
      // The browser's own words (e.g. "Registration failed - permission denied" with notifications
      // allowed) say nothing about what to do.
      console.error('Push subscription failed', error);
      throw subscribeFailed(error);
    });

    onStep?.('save');
    try {
      await withTimeout(backend.save(toBody(subscription, env.userAgent)), 'serverTimeout');
    } catch (error) {
      if (error instanceof PushError && error.message !== PUSH_ERRORS.saveFailed) {
        set({ status: 'granted', endpoint: null });
        throw error;
      }
      console.error('Saving the push subscription failed', error);
      set({ status: 'granted', endpoint: null });
      throw new PushError(PUSH_ERRORS.saveFailed, 'saveFailed');
    }
    set({ status: 'subscribed', endpoint: subscription.endpoint, initialised: true });
  }

  async function disable(): Promise<void> {
    const env = environment();
    if (!supported(env)) return set({ status: 'unsupported', endpoint: null });
    const registration = await env.serviceWorker!.getRegistration();
    const subscription = (await registration?.pushManager.getSubscription()) ?? null;
    if (subscription) {
      // Best effort: once the browser drops the subscription, the push service answers 410 and the
      // server removes it on its next send anyway.
      await backend
        .remove(subscription.endpoint)
        .catch((error: unknown) =>
          console.warn('Removing the push subscription from the server failed', error),
        );
      await subscription.unsubscribe();
    }
    set({ status: env.notification!.permission, endpoint: null });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    init,
    enable,
    disable,
  };
}

/** The app's one push store (browser APIs, real API calls). */
export const pushStore = createPushStore();

/** Start-up initialisation (spec §4): a failure is only logged. */
export function initPush(store: PushStore = pushStore): Promise<void> {
  return store.init().catch((error: unknown) => console.error('Push initialisation failed', error));
}

export function usePushState(store: PushStore = pushStore): PushState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
