import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationKeys } from '../api/notification-keys';

/** What sw/push.ts posts to every window when a push arrives. */
export const PUSH_RECEIVED_MESSAGE = 'push-received';

function isPushReceived(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PUSH_RECEIVED_MESSAGE
  );
}

/**
 * A push means the server has a new notification for us: refetch the badge and any open list now
 * instead of waiting for the next poll.
 */
export function useNotificationLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      if (isPushReceived(event.data)) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [queryClient]);
}
