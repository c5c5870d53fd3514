import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** How often, after a request found no network, the app asks the server whether it is reachable again. */
export const RECONNECT_PROBE_MS = 5_000;
const PROBE_URL = '/api/health';

/**
 * TanStack Query assumes "online" until the first online/offline event, so a page loaded without a
 * network would run its queries and writes straight into errors. Start from what the browser knows.
 */
export function syncOnlineStatus(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') {
    onlineManager.setOnline(navigator.onLine);
  }
}

let probe: ReturnType<typeof setInterval> | null = null;

function stopProbe(): void {
  if (probe) clearInterval(probe);
  probe = null;
}

/**
 * A request got no answer at all (no network, server unreachable) while the browser still says
 * "online" — `navigator.onLine` only knows whether a network interface is up, and some browsers keep
 * it true after a reload without a connection. The app then goes offline as it would on the browser's
 * event: queries and queued changes pause, the offline banner shows. It asks the server every few
 * seconds and comes back online at the first answer (or at the browser's own "online" event).
 */
export function reportNetworkFailure(): void {
  if (!onlineManager.isOnline()) return;
  onlineManager.setOnline(false);
  // a probe from an earlier outage that has not noticed the way back online yet is replaced
  stopProbe();
  if (typeof fetch === 'undefined') return;
  probe = setInterval(() => {
    if (onlineManager.isOnline()) {
      stopProbe();
      return;
    }
    fetch(PROBE_URL, { cache: 'no-store' }).then(
      () => {
        stopProbe();
        onlineManager.setOnline(true);
      },
      () => undefined,
    );
  }, RECONNECT_PROBE_MS);
}

const subscribe = (listener: () => void) => onlineManager.subscribe(() => listener());
const isOnline = () => onlineManager.isOnline();

/** Whether the app considers itself online (the same signal that pauses queries and writes). */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
