import { Box } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useOnlineStatus } from '../lib/offline/online-status';
import { usePageOfflineStatus, useQueuedChangeCount } from '../lib/offline/page-queries';
import { OfflineBanner } from './offline-banner';
import { OfflineUnavailable } from './offline-unavailable';

interface OfflineAwarePageProps {
  /** changes with the route: the page's queries are those used since */
  routeKey: string;
  /** query keys of the shell around every page, which say nothing about the page */
  shellQueries: readonly QueryKey[];
  children: ReactNode;
}

/**
 * Wraps every page: the offline banner above it, and instead of an endless spinner a "Not available
 * offline yet" state for a page with nothing saved. The page stays mounted (hidden) so it loads by
 * itself when the connection returns.
 */
export function OfflineAwarePage({ routeKey, shellQueries, children }: OfflineAwarePageProps) {
  const online = useOnlineStatus();
  const queued = useQueuedChangeCount();
  const { unavailable, partial, updatedAt } = usePageOfflineStatus(routeKey, shellQueries);
  return (
    <>
      <OfflineBanner online={online} queued={queued} updatedAt={updatedAt} partial={partial} />
      {unavailable && <OfflineUnavailable />}
      <Box display={unavailable ? 'none' : undefined}>{children}</Box>
    </>
  );
}
