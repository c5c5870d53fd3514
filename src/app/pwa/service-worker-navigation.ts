import { useEffect, useRef } from 'react';

type NavigateMessage = { type: 'NAVIGATE'; url: string };

function isNavigateMessage(data: unknown): data is NavigateMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'NAVIGATE' &&
    typeof (data as { url?: unknown }).url === 'string'
  );
}

const assignLocation = (path: string) => window.location.assign(path);

// The worker asks us to navigate when WindowClient.navigate() is unavailable (e.g. a client it does
// not control). Only same-origin targets are followed, through the router when the app passes one.
export function useServiceWorkerNavigation(onNavigate: (path: string) => void = assignLocation) {
  const navigateRef = useRef(onNavigate);
  useEffect(() => {
    navigateRef.current = onNavigate;
  });
  useEffect(() => {
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      if (!isNavigateMessage(event.data)) return;
      const target = new URL(event.data.url, window.location.origin);
      if (target.origin !== window.location.origin) return;
      navigateRef.current(`${target.pathname}${target.search}${target.hash}`);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, []);
}
