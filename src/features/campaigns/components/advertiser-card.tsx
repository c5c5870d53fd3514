import { Anchor } from '@mantine/core';
import { DetailsCard } from '../../../components/details-card';
import { useAdvertiser } from '../api/get-advertiser';

/** advertiserDetails: who runs a campaign. */
export function AdvertiserCard({ advertiserId }: { advertiserId: string }) {
  return (
    <DetailsCard
      noun="advertiser"
      query={useAdvertiser(advertiserId)}
      title={(a) => a.company_name || a.name}
      rows={(a) => [
        ['Contact', a.name],
        [
          'Website',
          a.website ? (
            <Anchor href={a.website} target="_blank" rel="noopener noreferrer">
              {a.website}
            </Anchor>
          ) : (
            '—'
          ),
        ],
        ['Country', a.country ?? '—'],
        ['Active campaigns', a.active_campaigns],
        ['Member since', a.created_at.slice(0, 10)],
      ]}
    />
  );
}

/** The advertiser's name, loaded on demand, as a link-styled button (opens advertiserDetails). */
export function AdvertiserLink({ advertiserId, onOpen }: { advertiserId: string; onOpen(): void }) {
  const { data } = useAdvertiser(advertiserId);
  return (
    <Anchor component="button" type="button" onClick={onOpen}>
      {data ? data.company_name || data.name : 'View advertiser'}
    </Anchor>
  );
}
