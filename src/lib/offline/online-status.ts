import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * TanStack Query assumes "online" until the first online/offline event, so a page loaded without a
 * network would run its queries and writes straight into errors. Start from what the browser knows.
 */
export function syncOnlineStatus(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') {
    onlineManager.setOnline(navigator.onLine);
  }
}

const subscribe = (listener: () => void) => onlineManager.subscribe(() => listener());
const isOnline = () => onlineManager.isOnline();

/** Whether the app considers itself online (the same signal that pauses queries and writes). */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
