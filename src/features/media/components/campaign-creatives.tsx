import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { downloadMedia } from '../api/get-media-file';
import { useMedia } from '../api/get-media';
import type { Media } from '../types';
import { formatBytes } from '../utils/format-bytes';
import { MediaThumbnail } from './media-thumbnail';
import { useTranslation } from '../../../lib/i18n';

interface CampaignCreativesProps {
  campaignId: string;
  /** how many creatives the campaign has (the viewer may be allowed to download none of them yet) */
  count: number;
}

/** A campaign's creatives the viewer may download (owner, admins, approved publishers), with buttons. */
export function CampaignCreatives({ campaignId, count }: CampaignCreativesProps) {
  const { t } = useTranslation('media');
  const list = useMedia({ page: 1, limit: 50, kind: 'all', campaignId }, { enabled: count > 0 });
  const [error, setError] = useState<unknown>(null);
  if (count === 0) return <Text size="sm">{t('creatives.none')}</Text>;
  if (list.isPending) return <Loader size="xs" aria-label={t('creatives.loading')} />;
  if (list.error) return <Text size="sm">{t('creatives.loadError', { count })}</Text>;
  if (list.data.items.length === 0) {
    return <Text size="sm">{t('creatives.locked', { count })}</Text>;
  }
  const download = (media: Media) => {
    setError(null);
    downloadMedia(media).catch(setError);
  };
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={t('creatives.label')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {list.data.items.map((media) => (
        <Group
          key={media.id}
          component="li"
          gap="sm"
          wrap="nowrap"
          align="flex-start"
          aria-label={media.filename}
        >
          <div style={{ width: 96, flexShrink: 0 }}>
            <MediaThumbnail media={media} height={64} />
          </div>
          <Stack gap={2} align="flex-start" style={{ minWidth: 0, flex: 1 }}>
            {/* names wrap: the details table has no room to spare on a phone */}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {media.filename}
            </Text>
            <Text size="xs" c="dimmed">
              {formatBytes(media.size_bytes)}
              {media.width && media.height ? ` · ${media.width}×${media.height}` : ''}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => download(media)}
              aria-label={t('downloadName', { name: media.filename })}
            >
              {t('download')}
            </Button>
          </Stack>
        </Group>
      ))}
      {error !== null && (
        <Alert color="red" variant="light">
          {errorMessage(error, t('downloadFailed'))}
        </Alert>
      )}
    </Stack>
  );
}
