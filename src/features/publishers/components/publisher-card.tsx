import { Badge, Group } from '@mantine/core';
import { DetailsCard } from '../../../components/details-card';
import { MessageButton } from '../../../components/message-button';
import { usePublisher } from '../api/get-publisher';

/** A publisher at a glance: reach and the categories of their verified websites. */
export function PublisherCard({ publisherId }: { publisherId: string }) {
  return (
    <DetailsCard
      noun="publisher"
      query={usePublisher(publisherId)}
      title={(p) => p.display_name || p.name}
      rows={(p) => [
        ['Country', p.country ?? '—'],
        ['Websites', `${p.verified_websites_count} verified of ${p.websites_count}`],
        [
          'Monthly visitors',
          `${p.monthly_visitors.toLocaleString('en-US')} (self-declared, verified websites)`,
        ],
        [
          'Categories',
          p.categories.length === 0 ? (
            '—'
          ) : (
            <Group gap={4}>
              {p.categories.map((c) => (
                <Badge key={c} variant="light">
                  {c}
                </Badge>
              ))}
            </Group>
          ),
        ],
        ['Member since', p.created_at.slice(0, 10)],
        ['Contact', <MessageButton userId={p.id} name={p.display_name || p.name} />],
      ]}
    />
  );
}
