import { Alert, Button, Center, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { downloadMedia, useMediaObjectUrl } from '../api/get-media-file';
import type { Media } from '../types';
import { formatBytes } from '../utils/format-bytes';

/** The whole image (other types: their details), with a download button. */
export function MediaPreview({ media }: { media: Media }) {
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
            The image could not be loaded.
          </Alert>
        ) : (
          <Center h={200}>
            <Loader aria-label="Loading image" />
          </Center>
        ))}
      {media.kind !== 'image' && (
        <Text c="dimmed" size="sm">
          {media.kind === 'pdf' ? 'PDF documents' : 'Videos'} open once downloaded.
        </Text>
      )}
      <Text size="sm">
        {media.content_type} · {formatBytes(media.size_bytes)}
        {media.width && media.height ? ` · ${media.width} × ${media.height} px` : ''}
      </Text>
      {error !== null && (
        <Alert color="red" variant="light">
          {errorMessage(error, 'The download failed. Please try again.')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void download()}>Download</Button>
      </Group>
    </Stack>
  );
}
