import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailsCard } from '../../../components/details-card';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { useApplication } from '../api/get-application';
import type { Application } from '../types';
import { ApplicationStatusBadge } from './application-status-badge';
import { CopyTrackingLinkButton, TrackingLink } from './tracking-link';

type T = ReturnType<typeof useTranslation>['t'];

function rowsOf(a: Application, t: T): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [
    [t('details.website'), a.website_url],
    [t('details.status'), <ApplicationStatusBadge key="status" status={a.status} />],
  ];
  if (a.status === 'approved' && a.tracking_code) {
    rows.push([
      t('details.trackingLink'),
      <Group key="link" gap="xs">
        <TrackingLink code={a.tracking_code} />
        <CopyTrackingLinkButton code={a.tracking_code} />
      </Group>,
    ]);
  }
  if (a.reason) rows.push([t('details.reason'), a.reason]);
  if (a.message) rows.push([t('details.message'), a.message]);
  rows.push(
    [t('details.applied'), formatDate(a.created_at)],
    [t('details.decided'), formatDate(a.decided_at)],
  );
  return rows;
}

/** One application at a glance (a search result opens it): its campaign, website, state and link. */
export function ApplicationDetails({ id }: { id: string }) {
  const { t } = useTranslation('applications');
  return (
    <DetailsCard
      noun={t('details.noun')}
      query={useApplication(id)}
      title={(a) => a.campaign_name}
      rows={(a) => rowsOf(a, t)}
    />
  );
}
