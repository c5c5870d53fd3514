import { DetailsCard } from '../../../components/details-card';
import { MessageButton } from '../../../components/message-button';
import { countryName } from '../../../lib/countries';
import { formatDate } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { useTranslation } from '../../../lib/i18n';
import { usePublisher } from '../api/get-publisher';

/** A publisher at a glance: reach and the categories of their verified websites. */
export function PublisherCard({ publisherId }: { publisherId: string }) {
  const { t } = useTranslation('publishers');
  return (
    <DetailsCard
      noun={t('card.noun')}
      query={usePublisher(publisherId)}
      title={(p) => p.display_name || p.name}
      rows={(p) => [
        [t('card.country'), p.country ? countryName(p.country) : '—'],
        [
          t('card.websites'),
          t('card.websitesCount', { verified: p.verified_websites_count, count: p.websites_count }),
        ],
        [t('card.visitors'), t('card.visitorsValue', { visitors: formatCount(p.monthly_visitors) })],
        [t('card.categories'), p.categories.map((c) => t(`category.${c}`)).join(', ') || '—'],
        [t('card.memberSince'), formatDate(p.created_at)],
        [t('card.contact'), <MessageButton userId={p.id} name={p.display_name || p.name} />],
      ]}
    />
  );
}
