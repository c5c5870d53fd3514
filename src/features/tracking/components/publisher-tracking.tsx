import { Alert, Card, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useTrackingLinks } from '../api/get-tracking-links';
import { SubIdHelp } from './sub-id-help';
import { TrackingLinksTable } from './tracking-links-table';
import { LinkBuilder } from './link-builder';
import type { TrackingLink } from '../types';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

/**
 * /tracking for publishers: their links on every campaign they were approved for (with their coupon codes
 * beside them, `codes`, composed by the app), a link builder for deep links, and how to use them.
 */
export function PublisherTracking({ codes }: { codes?(link: TrackingLink): ReactNode } = {}) {
  const { t } = useTranslation('tracking');
  const links = useTrackingLinks({});
  return (
    <Stack gap="lg">
      {links.isPending && <Loader size="sm" aria-label={t('links.loading')} />}
      {links.error && (
        <Alert color="red" variant="light">
          {errorMessage(links.error, t('links.mineError'))}
        </Alert>
      )}
      {links.data?.length === 0 && <Text c="dimmed">{t('links.mineNone')}</Text>}
      {links.data && links.data.length > 0 && (
        <TrackingLinksTable links={links.data} viewer="publisher" codes={codes} />
      )}
      {links.data && links.data.length > 0 && (
        <Card withBorder>
          <LinkBuilder links={links.data} />
        </Card>
      )}
      <Card withBorder>
        <SubIdHelp exampleUrl={links.data?.[0]?.url} />
      </Card>
    </Stack>
  );
}
