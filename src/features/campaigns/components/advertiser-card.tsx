import { useTranslation } from '../../../lib/i18n';
import { Anchor, Group } from '@mantine/core';
import { DetailsCard } from '../../../components/details-card';
import { MessageButton } from '../../../components/message-button';
import { formatDate } from '../../../lib/format-date';
import { useAdvertiser } from '../api/get-advertiser';

/** advertiserDetails: who runs a campaign (opened from `campaignId`: a message is about that campaign). */
export function AdvertiserCard({ advertiserId, campaignId }: { advertiserId: string; campaignId?: string }) {
  const { t } = useTranslation('campaigns');
  return (
    <DetailsCard
      noun={t('advertiser.noun')}
      query={useAdvertiser(advertiserId)}
      title={(a) => a.company_name || a.name}
      rows={(a) => [
        [
          t('advertiser.contact'),
          <Group gap="sm">
            {a.name}
            <MessageButton userId={a.id} name={a.company_name || a.name} campaignId={campaignId} />
          </Group>,
        ],
        [
          t('advertiser.website'),
          a.website ? (
            <Anchor href={a.website} target="_blank" rel="noopener noreferrer">
              {a.website}
            </Anchor>
          ) : (
            '—'
          ),
        ],
        [t('advertiser.country'), a.country ?? '—'],
        [t('advertiser.activeCampaigns'), a.active_campaigns],
        [t('advertiser.memberSince'), formatDate(a.created_at)],
      ]}
    />
  );
}

/** The advertiser's name, loaded on demand, as a link-styled button (opens advertiserDetails). */
export function AdvertiserLink({ advertiserId, onOpen }: { advertiserId: string; onOpen(): void }) {
  const { t } = useTranslation('campaigns');
  const { data } = useAdvertiser(advertiserId);
  return (
    <Anchor component="button" type="button" onClick={onOpen}>
      {data ? data.company_name || data.name : t('advertiser.view')}
    </Anchor>
  );
}
