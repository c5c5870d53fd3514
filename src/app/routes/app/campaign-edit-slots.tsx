import { Text } from '@mantine/core';
import type { CampaignEditSlots } from '../../../features/campaigns/components/campaign-edit-extras';
import { MediaPicker } from '../../../features/media/components/media-picker';
import { usePublisher } from '../../../features/publishers/api/get-publisher';
import { PublisherSearch } from '../../../features/publishers/components/publisher-search';

// campaignEdit's parts from other features: creatives from the media library, publishers for overrides.

function PublisherName({ id }: { id: string }) {
  const { data, isError } = usePublisher(id);
  if (isError) return <>Unknown publisher</>;
  return <>{data ? data.display_name || data.name : 'Loading…'}</>;
}

export const campaignEditSlots: CampaignEditSlots = {
  creatives: ({ value, onChange }) => (
    <>
      <Text size="xs" c="dimmed" mb={6}>
        Banners and files approved publishers may download. Upload new ones under Media library.
      </Text>
      <MediaPicker value={value} onChange={onChange} noun="creative" />
    </>
  ),
  publisherSearch: (onPick) => (
    <PublisherSearch onPick={(p) => onPick({ id: p.id, name: p.display_name || p.name })} />
  ),
  publisherName: (id) => <PublisherName id={id} />,
};
