import { Text } from '@mantine/core';
import type { CampaignEditSlots } from '../../../features/campaigns/components/campaign-edit-extras';
import { MediaPicker } from '../../../features/media/components/media-picker';
import { usePublisher } from '../../../features/publishers/api/get-publisher';
import { PublisherSearch } from '../../../features/publishers/components/publisher-search';
import { useTranslation } from '../../../lib/i18n';

// campaignEdit's parts from other features: creatives from the media library, publishers for overrides.

function PublisherName({ id }: { id: string }) {
  const { t } = useTranslation('app');
  const { data, isError } = usePublisher(id);
  if (isError) return <>{t('slots.unknownPublisher')}</>;
  return <>{data ? data.display_name || data.name : t('loadingEllipsis')}</>;
}

function CreativesSlot({ value, onChange }: { value: string[]; onChange(ids: string[]): void }) {
  const { t } = useTranslation('app');
  return (
    <>
      <Text size="xs" c="dimmed" mb={6}>
        {t('slots.creatives')}
      </Text>
      <MediaPicker value={value} onChange={onChange} noun="creative" />
    </>
  );
}

export const campaignEditSlots: CampaignEditSlots = {
  creatives: ({ value, onChange }) => <CreativesSlot value={value} onChange={onChange} />,
  publisherSearch: (onPick) => (
    <PublisherSearch onPick={(p) => onPick({ id: p.id, name: p.display_name || p.name })} />
  ),
  publisherName: (id) => <PublisherName id={id} />,
};
