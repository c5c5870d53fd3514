import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailsCard } from '../../../components/details-card';
import { formatDate } from '../../../lib/format-date';
import { useApplication } from '../api/get-application';
import type { Application } from '../types';
import { ApplicationStatusBadge } from './application-status-badge';
import { CopyTrackingLinkButton, TrackingLink } from './tracking-link';

function rowsOf(a: Application): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [
    ['Website', a.website_url],
    ['Status', <ApplicationStatusBadge key="status" status={a.status} />],
  ];
  if (a.status === 'approved' && a.tracking_code) {
    rows.push([
      'Tracking link',
      <Group key="link" gap="xs">
        <TrackingLink code={a.tracking_code} />
        <CopyTrackingLinkButton code={a.tracking_code} />
      </Group>,
    ]);
  }
  if (a.reason) rows.push(['Reason', a.reason]);
  if (a.message) rows.push(['Message', a.message]);
  rows.push(['Applied', formatDate(a.created_at)], ['Decided', formatDate(a.decided_at)]);
  return rows;
}

/** One application at a glance (a search result opens it): its campaign, website, state and link. */
export function ApplicationDetails({ id }: { id: string }) {
  return (
    <DetailsCard noun="application" query={useApplication(id)} title={(a) => a.campaign_name} rows={rowsOf} />
  );
}
