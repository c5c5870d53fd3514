import { useSyncExternalStore } from 'react';

/**
 * The thread the messaging page shows right now (null: none). The live stream tells the server, so
 * messages there are not also sent as notifications; the page marks them read as they arrive.
 */
let openThread: string | null = null;
const listeners = new Set<() => void>();

export function setOpenThread(id: string | null): void {
  if (openThread === id) return;
  openThread = id;
  listeners.forEach((listener) => listener());
}

export function getOpenThread(): string | null {
  return openThread;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOpenThread(): string | null {
  return useSyncExternalStore(subscribe, getOpenThread, () => null);
}
