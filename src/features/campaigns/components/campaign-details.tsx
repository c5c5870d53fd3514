import { Anchor, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Money } from '../../../components/money';
import { useFormatMoney } from '../../../lib/display-money';
import { countryName } from '../../../lib/countries';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import type { Campaign } from '../types';
import { formatCommission } from '../utils/format-commission';
import { CampaignFraudSummary } from './campaign-fraud-fields';
import { CampaignStatusBadge } from './campaign-status-badge';
import { CapsSummary } from './campaign-edit-caps';
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
  const { t } = useTranslation('campaigns');
  const money = useFormatMoney();
  const { t: tFraud } = useTranslation('fraud');
  return (
    <Stack gap="sm">
      {campaign.description && <Text>{campaign.description}</Text>}
      <Table withRowBorders={false} verticalSpacing={4} aria-label={t('details.label')}>
        <Table.Tbody>
          {advertiser && <Row label={t('details.advertiser')}>{advertiser}</Row>}
          <Row label={t('details.status')}>
            <CampaignStatusBadge status={campaign.status} />
          </Row>
          <Row label={t('details.category')}>{t(`category.${campaign.category}`)}</Row>
          <Row label={t('details.landingUrl')}>
            <Anchor href={campaign.landing_url} target="_blank" rel="noopener noreferrer">
              {campaign.landing_url}
            </Anchor>
          </Row>
          <Row label={t('details.model')}>{t(`model.${campaign.commission_model}`)}</Row>
          <Row label={t('details.commission')}>
            <CommissionFigure campaign={campaign} />
          </Row>
          <Row label={t('details.currency')}>{campaign.currency}</Row>
          {campaign.tiers.length > 0 && (
            <Row label={t('details.tiers')}>
              {campaign.tiers
                .map((tier) =>
                  t('details.tier', {
                    count: tier.min_conversions_in_month,
                    commission: formatCommission(
                      {
                        ...campaign,
                        payout_minor: tier.payout_minor ?? null,
                        revshare_bps: tier.revshare_bps ?? null,
                      },
                      money,
                    ),
                  }),
                )
                .join('; ')}
            </Row>
          )}
          <Row label={t('details.approval')}>{t(`approval.${campaign.approval_mode}`)}</Row>
          <Row label={t('details.attribution')}>
            {t('details.days', { count: campaign.attribution_days })}
          </Row>
          <Row label={t('details.budget')}>{moneyOrDash(campaign.budget_minor, campaign.currency)}</Row>
          <Row label={t('details.dailyCap')}>{moneyOrDash(campaign.daily_cap_minor, campaign.currency)}</Row>
          <CapsRow campaign={campaign} />
          <Row label={t('details.countries')}>
            {campaign.allowed_countries.length > 0
              ? campaign.allowed_countries.map((code) => countryName(code)).join(', ')
              : t('details.allCountries')}
          </Row>
          <Row label={t('details.starts')}>{formatDate(campaign.starts_at)}</Row>
          <Row label={t('details.ends')}>{formatDate(campaign.ends_at)}</Row>
          <Row label={t('details.creatives')}>{creatives ?? campaign.creative_ids.length}</Row>
          <Row label={t('details.terms')}>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{orDash(campaign.terms)}</Text>
          </Row>
          {campaign.fraud && (
            <Row label={tFraud('details.label')}>
              <CampaignFraudSummary fraud={campaign.fraud} />
            </Row>
          )}
          {campaign.tracking_secret !== undefined && (
            <Row label={t('details.secret')}>
              <TrackingSecret secret={campaign.tracking_secret} />
            </Row>
          )}
          <Row label={t('details.created')}>{formatDate(campaign.created_at)}</Row>
          <Row label={t('details.updated')}>{formatDate(campaign.updated_at)}</Row>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The caps per publisher, when the campaign has any. */
function CapsRow({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('caps');
  const caps = campaign.publisher_caps;
  if (!caps || Object.values(caps).every((c) => c === null)) return null;
  return (
    <Row label={t('details.label')}>
      <CapsSummary campaign={campaign} />
    </Row>
  );
}

function TrackingSecret({ secret }: { secret: string }) {
  const { t } = useTranslation('campaigns');
  const [revealed, { toggle }] = useDisclosure(false);
  return (
    <Group gap="xs" wrap="nowrap">
      <Code aria-label={revealed ? t('secret.shown') : t('secret.hidden')}>
        {revealed ? secret : '•'.repeat(12)}
      </Code>
      <Button size="compact-xs" variant="subtle" onClick={toggle}>
        {revealed ? t('secret.hide') : t('secret.reveal')}
      </Button>
    </Group>
  );
}
