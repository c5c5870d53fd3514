import { Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Media } from '../types';
import { formatBytes } from '../utils/format-bytes';
import { MediaThumbnail } from './media-thumbnail';

interface MediaCardProps {
  media: Media;
  onPreview(media: Media): void;
  onDelete(media: Media): void;
  deleting?: boolean;
}

export function MediaCard({ media, onPreview, onDelete, deleting }: MediaCardProps) {
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
            aria-label={`Preview ${media.filename}`}
          >
            Preview
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            loading={deleting}
            onClick={() => onDelete(media)}
            aria-label={`Delete ${media.filename}`}
          >
            Delete
          </Button>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
