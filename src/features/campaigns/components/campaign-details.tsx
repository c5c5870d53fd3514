import { Anchor, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Money } from '../../../components/money';
import { useFormatMoney } from '../../../lib/display-money';
import { countryName } from '../../../lib/countries';
import { formatDate } from '../../../lib/format-date';
import { capitalize, categoryLabel } from '../../../lib/format-text';
import { COMMISSION_MODEL_LABELS, type Campaign } from '../types';
import { formatCommission } from '../utils/format-commission';
import { CampaignStatusBadge } from './campaign-status-badge';
import { CommissionFigure } from './commission-figure';

interface CampaignDetailsProps {
  campaign: Campaign;
  /** Shown in the Advertiser row (e.g. a link that opens advertiserDetails); omitted when null. */
  advertiser?: ReactNode;
  /** The creatives with download buttons (composed by the app); the count alone when absent. */
  creatives?: ReactNode;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 120, xs: 180 }} scope="row">
        {label}
      </Table.Th>
      {/* a long landing URL or terms wrap inside the dialog instead of running off a phone's screen */}
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

const orDash = (value: string | null | undefined) => (value ? value : '—');

const moneyOrDash = (amountMinor: number | null, currency: string) =>
  amountMinor === null ? '—' : <Money amountMinor={amountMinor} currency={currency} />;

/** Every field of a campaign; the tracking secret (owner and admins only) stays masked until revealed. */
export function CampaignDetails({ campaign, advertiser, creatives }: CampaignDetailsProps) {
  const money = useFormatMoney();
  return (
    <Stack gap="sm">
      {campaign.description && <Text>{campaign.description}</Text>}
      <Table withRowBorders={false} verticalSpacing={4} aria-label="Campaign details">
        <Table.Tbody>
          {advertiser && <Row label="Advertiser">{advertiser}</Row>}
          <Row label="Status">
            <CampaignStatusBadge status={campaign.status} />
          </Row>
          <Row label="Category">{categoryLabel(campaign.category)}</Row>
          <Row label="Landing URL">
            <Anchor href={campaign.landing_url} target="_blank" rel="noopener noreferrer">
              {campaign.landing_url}
            </Anchor>
          </Row>
          <Row label="Commission model">{COMMISSION_MODEL_LABELS[campaign.commission_model]}</Row>
          <Row label="Commission">
            <CommissionFigure campaign={campaign} />
          </Row>
          <Row label="Currency">{campaign.currency}</Row>
          {campaign.tiers.length > 0 && (
            <Row label="Tiers">
              {campaign.tiers
                .map(
                  (t) =>
                    `${t.min_conversions_in_month}+ conversions/month: ${formatCommission(
                      {
                        ...campaign,
                        payout_minor: t.payout_minor ?? null,
                        revshare_bps: t.revshare_bps ?? null,
                      },
                      money,
                    )}`,
                )
                .join('; ')}
            </Row>
          )}
          <Row label="Approval mode">{capitalize(campaign.approval_mode)}</Row>
          <Row label="Attribution window">{campaign.attribution_days} days</Row>
          <Row label="Budget">{moneyOrDash(campaign.budget_minor, campaign.currency)}</Row>
          <Row label="Daily cap">{moneyOrDash(campaign.daily_cap_minor, campaign.currency)}</Row>
          <Row label="Allowed countries">
            {campaign.allowed_countries.length > 0
              ? campaign.allowed_countries.map((code) => countryName(code)).join(', ')
              : 'All countries'}
          </Row>
          <Row label="Starts">{formatDate(campaign.starts_at)}</Row>
          <Row label="Ends">{formatDate(campaign.ends_at)}</Row>
          <Row label="Creatives">{creatives ?? campaign.creative_ids.length}</Row>
          <Row label="Terms">
            <Text style={{ whiteSpace: 'pre-wrap' }}>{orDash(campaign.terms)}</Text>
          </Row>
          {campaign.tracking_secret !== undefined && (
            <Row label="Tracking secret">
              <TrackingSecret secret={campaign.tracking_secret} />
            </Row>
          )}
          <Row label="Created">{formatDate(campaign.created_at)}</Row>
          <Row label="Updated">{formatDate(campaign.updated_at)}</Row>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function TrackingSecret({ secret }: { secret: string }) {
  const [revealed, { toggle }] = useDisclosure(false);
  return (
    <Group gap="xs" wrap="nowrap">
      <Code aria-label={revealed ? 'Tracking secret' : 'Tracking secret (hidden)'}>
        {revealed ? secret : '•'.repeat(12)}
      </Code>
      <Button size="compact-xs" variant="subtle" onClick={toggle}>
        {revealed ? 'Hide secret' : 'Reveal secret'}
      </Button>
    </Group>
  );
}
