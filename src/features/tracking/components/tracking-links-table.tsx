import { Button, Code, CopyButton, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { formatCount } from '../../../lib/format-number';
import { useTranslation } from '../../../lib/i18n';
import type { TrackingLink } from '../types';

interface TrackingLinksTableProps {
  links: TrackingLink[];
  /** advertisers see links per publisher, publishers their links per campaign */
  viewer: 'advertiser' | 'publisher';
  /** advertisers: run the tracking test through this link */
  onTest?(link: TrackingLink): void;
  /** publishers: their coupon codes on the link's campaign, beside the link (composed by the app) */
  codes?(link: TrackingLink): ReactNode;
}

/** Why a link does (not) take clicks: the link, the application and the campaign all have a say. */
function LinkStatus({ link }: { link: TrackingLink }) {
  const { t } = useTranslation('tracking');
  if (!link.active || link.application_status !== 'approved') {
    return (
      <StatusBadge color="gray">
        {link.application_status !== 'approved'
          ? t('status.application', { status: link.application_status })
          : t('status.inactive')}
      </StatusBadge>
    );
  }
  if (link.campaign_status !== 'active') {
    return <StatusBadge color="yellow">{t('status.campaign', { status: link.campaign_status })}</StatusBadge>;
  }
  return <StatusBadge color="green">{t('status.active')}</StatusBadge>;
}

function CopyLink({ link, name }: { link: TrackingLink; name: string }) {
  const { t } = useTranslation('tracking');
  return (
    <CopyButton value={link.url}>
      {({ copied, copy }) => (
        <Button
          size="compact-xs"
          variant="light"
          onClick={copy}
          aria-label={copied ? t('copiedLinkOf', { name }) : t('copyLinkOf', { name })}
        >
          {copied ? t('copied') : t('copyLink')}
        </Button>
      )}
    </CopyButton>
  );
}

export function TrackingLinksTable({ links, viewer, onTest, codes }: TrackingLinksTableProps) {
  const { t } = useTranslation('tracking');
  const { t: tCoupons } = useTranslation('coupons');
  const nameOf = (link: TrackingLink) => (viewer === 'advertiser' ? link.publisher_name : link.campaign_name);
  return (
    // The copy button (and the advertiser's test) stays in view at the right edge on a phone: the link is
    // what a publisher came for.
    <DataTable
      minWidth={760}
      verticalSpacing="sm"
      aria-label={t('table.label')}
      stickyActions
      cards={[
        'title',
        'subtitle',
        { field: t('col.link') },
        ...(codes ? [{ field: tCoupons('codes.column') }] : []),
        { field: t('col.clicks') },
        { field: t('col.conversions') },
        'status',
        'actions',
      ]}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{viewer === 'advertiser' ? t('col.publisher') : t('col.campaign')}</Table.Th>
          <Table.Th>{t('col.website')}</Table.Th>
          <Table.Th>{t('col.link')}</Table.Th>
          {codes && <Table.Th>{tCoupons('codes.column')}</Table.Th>}
          <Table.Th ta="right">{t('col.clicks')}</Table.Th>
          <Table.Th ta="right">{t('col.conversions')}</Table.Th>
          <Table.Th>{t('col.status')}</Table.Th>
          <Table.Th>{t('col.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {links.map((link) => {
          const name = `${nameOf(link)} (${link.website_url})`;
          return (
            <Table.Tr key={link.id}>
              <Table.Td fw={600}>{nameOf(link)}</Table.Td>
              <Table.Td>
                <Text size="sm">{link.website_url}</Text>
              </Table.Td>
              <Table.Td>
                <Code aria-label={t('linkOf', { name })}>{link.url}</Code>
              </Table.Td>
              {codes && <Table.Td>{codes(link)}</Table.Td>}
              <Table.Td ta="right">{formatCount(link.clicks)}</Table.Td>
              <Table.Td ta="right">{formatCount(link.conversions)}</Table.Td>
              <Table.Td>
                <LinkStatus link={link} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <CopyLink link={link} name={name} />
                  {onTest && (
                    <Button
                      size="compact-xs"
                      variant="default"
                      aria-label={t('testLinkOf', { name: `${link.publisher_name} (${link.website_url})` })}
                      onClick={() => onTest(link)}
                    >
                      {t('test')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </DataTable>
  );
}
