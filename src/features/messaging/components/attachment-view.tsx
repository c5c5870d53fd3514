import { Anchor, Group, Image, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { saveFile } from '../../../lib/save-file';
import { fetchMediaBlob, useMediaBlob } from '../hooks/use-media-blob';
import type { Attachment } from '../types';
import { formatBytes } from '../utils/format';
import { useTranslation } from '../../../lib/i18n';

/** One attachment of a message: a thumbnail for images, and a download of the file itself. */
export function AttachmentView({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation('messaging');
  const thumbnail = useMediaBlob(attachment.thumbnail_url);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    try {
      setFailed(false);
      saveFile(await fetchMediaBlob(attachment.url), attachment.filename, attachment.content_type);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Paper withBorder radius="sm" p={6} maw={260} bg="var(--mantine-color-body)">
      {attachment.thumbnail_url && (
        <Image
          src={thumbnail ?? undefined}
          alt={attachment.filename}
          h={120}
          fit="contain"
          radius="xs"
          bg="var(--mantine-color-gray-light)"
          mb={4}
        />
      )}
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="xs" truncate="end" title={attachment.filename} c="var(--mantine-color-text)">
          {attachment.filename}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatBytes(attachment.size_bytes)}
        </Text>
      </Group>
      <Anchor component="button" type="button" size="xs" onClick={() => void download()}>
        {t('attachment.download')}
      </Anchor>
      {failed && (
        <Text size="xs" c="red">
          {t('attachment.failed')}
        </Text>
      )}
    </Paper>
  );
}
