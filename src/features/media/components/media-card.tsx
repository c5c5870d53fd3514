import { Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Media } from '../types';
import { formatBytes } from '../utils/format-bytes';
import { MediaThumbnail } from './media-thumbnail';
import { useTranslation } from '../../../lib/i18n';

interface MediaCardProps {
  media: Media;
  onPreview(media: Media): void;
  onDelete(media: Media): void;
  deleting?: boolean;
}

export function MediaCard({ media, onPreview, onDelete, deleting }: MediaCardProps) {
  const { t } = useTranslation('media');
  const dimensions = media.width && media.height ? ` · ${media.width}×${media.height}` : '';
  return (
    <Card withBorder padding="sm" component="li" aria-label={media.filename}>
      <Stack gap={6}>
        <MediaThumbnail media={media} />
        <Text size="sm" fw={500} truncate="end" title={media.filename}>
          {media.filename}
        </Text>
        <Text size="xs" c="dimmed">
          {formatBytes(media.size_bytes)}
          {dimensions}
        </Text>
        {/* side by side only where a card is wide enough for both */}
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing={6}>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => onPreview(media)}
            aria-label={t('card.previewName', { name: media.filename })}
          >
            {t('card.preview')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            loading={deleting}
            onClick={() => onDelete(media)}
            aria-label={t('card.deleteName', { name: media.filename })}
          >
            {t('card.delete')}
          </Button>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
