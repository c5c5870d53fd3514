import { Alert, Button, Center, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { downloadMedia, useMediaObjectUrl } from '../api/get-media-file';
import type { Media } from '../types';
import { formatBytes } from '../utils/format-bytes';
import { useTranslation } from '../../../lib/i18n';

/** The whole image (other types: their details), with a download button. */
export function MediaPreview({ media }: { media: Media }) {
  const { t } = useTranslation('media');
  const { url, failed } = useMediaObjectUrl(media.kind === 'image' ? media.url : null);
  const [error, setError] = useState<unknown>(null);
  const download = () => downloadMedia(media).catch(setError);
  return (
    <Stack>
      {media.kind === 'image' &&
        (url ? (
          <Image src={url} alt={media.filename} fit="contain" mah="60vh" />
        ) : failed ? (
          <Alert color="red" variant="light">
            {t('preview.imageFailed')}
          </Alert>
        ) : (
          <Center h={200}>
            <Loader aria-label={t('preview.loading')} />
          </Center>
        ))}
      {media.kind !== 'image' && (
        <Text c="dimmed" size="sm">
          {t('preview.opens', { kind: media.kind })}
        </Text>
      )}
      <Text size="sm">
        {media.content_type} · {formatBytes(media.size_bytes)}
        {media.width && media.height ? ` · ${media.width} × ${media.height} px` : ''}
      </Text>
      {error !== null && (
        <Alert color="red" variant="light">
          {errorMessage(error, t('downloadFailed'))}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void download()}>{t('download')}</Button>
      </Group>
    </Stack>
  );
}
