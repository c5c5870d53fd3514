import { Center, Loader } from '@mantine/core';
import type { ContextModalProps } from '@mantine/modals';
import { lazy, Suspense, type ComponentType } from 'react';
import { withMoreStyles } from '../../../lib/load-more-styles';
import { useTranslation } from '../../../lib/i18n';

// The modal contents load with the first modal opened, not with the entry chunk (providers.tsx
// registers this map for the whole app).
const contents = () => withMoreStyles(import('./marketplace-modal-contents'));

function lazyModal<P extends Record<string, unknown>>(
  load: () => Promise<ComponentType<ContextModalProps<P>>>,
) {
  const Content = lazy(() => load().then((component) => ({ default: component })));
  return function LazyModal(props: ContextModalProps<P>) {
    const { t } = useTranslation('app');
    return (
      <Suspense
        fallback={
          <Center p="md">
            <Loader size="sm" aria-label={t('loading')} />
          </Center>
        }
      >
        <Content {...props} />
      </Suspense>
    );
  };
}

/** The marketplace modals, registered by their spec names (spec §2). */
export const marketplaceModals = {
  campaignEdit: lazyModal(() => contents().then((m) => m.CampaignEditModal)),
  campaignDetails: lazyModal(() => contents().then((m) => m.CampaignDetailsModal)),
  campaignSearch: lazyModal(() => contents().then((m) => m.CampaignSearchModal)),
  campaignAnalytics: lazyModal(() => contents().then((m) => m.CampaignAnalyticsModal)),
  campaignPublishers: lazyModal(() => contents().then((m) => m.CampaignPublishersModal)),
  campaignApplication: lazyModal(() => contents().then((m) => m.CampaignApplicationModal)),
  advertiserDetails: lazyModal(() => contents().then((m) => m.AdvertiserDetailsModal)),
  website: lazyModal(() => contents().then((m) => m.WebsiteModal)),
  publisherSearch: lazyModal(() => contents().then((m) => m.PublisherSearchModal)),
  createUser: lazyModal(() =>
    withMoreStyles(import('./admin-create-user-modal')).then((m) => m.CreateUserModal),
  ),
  trackingTest: lazyModal(() =>
    withMoreStyles(import('./tracking-test-modal')).then((m) => m.TrackingTestModal),
  ),
};

export type MarketplaceModalName = keyof typeof marketplaceModals;
