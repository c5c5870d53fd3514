import type { QueryClient } from '@tanstack/react-query';
import { decideApplicationOfflineOptions } from '../features/applications/api/decide-application';
import { updateCampaignOfflineOptions } from '../features/campaigns/api/update-campaign';
import { bulkDecideCommissionsOfflineOptions } from '../features/commissions/api/bulk-decide-commissions';
import { decideCommissionOfflineOptions } from '../features/commissions/api/decide-commission';
import { archiveNotificationOfflineOptions } from '../features/notifications/api/archive-notification';
import { deleteNotificationOfflineOptions } from '../features/notifications/api/delete-notification';
import { sendMessageOfflineOptions } from '../features/messaging/api/send-message';
import { markNotificationReadOfflineOptions } from '../features/notifications/api/mark-notification-read';
import { updateWebsiteOfflineOptions } from '../features/websites/api/update-website';
import { registerOfflineMutations } from '../lib/offline/offline-mutation';

/**
 * The writes that can be made offline. Their defaults (mutationFn and optimistic callbacks, by key) must
 * be set before the persisted cache is restored, so restored paused changes can be replayed.
 */
export function registerOfflineWrites(client: QueryClient): void {
  registerOfflineMutations(client, [
    markNotificationReadOfflineOptions,
    archiveNotificationOfflineOptions,
    deleteNotificationOfflineOptions,
    updateCampaignOfflineOptions,
    updateWebsiteOfflineOptions,
    decideApplicationOfflineOptions,
    decideCommissionOfflineOptions,
    bulkDecideCommissionsOfflineOptions,
    sendMessageOfflineOptions,
  ]);
}
