import { Box, Center, Image, Loader, Text } from '@mantine/core';
import { useMediaObjectUrl } from '../api/get-media-file';
import type { Media } from '../types';
import { useTranslation } from '../../../lib/i18n';

interface MediaThumbnailProps {
  media: Pick<Media, 'filename' | 'kind' | 'thumbnail_url'>;
  /** CSS height of the preview box */
  height?: number | string;
}

/** The image's thumbnail (fetched with the session's token), or a label for PDFs and videos. */
export function MediaThumbnail({ media, height = 120 }: MediaThumbnailProps) {
  const { t } = useTranslation('media');
  const { url, failed } = useMediaObjectUrl(media.thumbnail_url);
  return (
    <Box
      h={height}
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
    >
      {url ? (
        <Image src={url} alt={media.filename} h="100%" w="100%" fit="contain" />
      ) : (
        <Center h="100%">
          {media.thumbnail_url && !failed ? (
            <Loader size="xs" aria-label={t('loadingFile', { name: media.filename })} />
          ) : (
            <Text size="sm" fw={600} c="dimmed">
              {failed ? t('noPreview') : t(`kind.${media.kind}`)}
            </Text>
          )}
        </Center>
      )}
    </Box>
  );
}
