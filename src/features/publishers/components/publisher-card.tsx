import { DetailsCard } from '../../../components/details-card';
import { MessageButton } from '../../../components/message-button';
import { countryName } from '../../../lib/countries';
import { formatDate } from '../../../lib/format-date';
import { categoryLabel } from '../../../lib/format-text';
import { usePublisher } from '../api/get-publisher';

/** A publisher at a glance: reach and the categories of their verified websites. */
export function PublisherCard({ publisherId }: { publisherId: string }) {
  return (
    <DetailsCard
      noun="publisher"
      query={usePublisher(publisherId)}
      title={(p) => p.display_name || p.name}
      rows={(p) => [
        ['Country', p.country ? countryName(p.country) : '—'],
        ['Websites', `${p.verified_websites_count} verified of ${p.websites_count}`],
        [
          'Monthly visitors',
          `${p.monthly_visitors.toLocaleString('en-US')} (self-declared, verified websites)`,
        ],
        ['Categories', p.categories.map(categoryLabel).join(', ') || '—'],
        ['Member since', formatDate(p.created_at)],
        ['Contact', <MessageButton userId={p.id} name={p.display_name || p.name} />],
      ]}
    />
  );
}
