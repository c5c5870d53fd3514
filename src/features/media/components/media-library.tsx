import { Center, Group, Loader, Pagination, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useDeleteMedia } from '../api/delete-media';
import { forgetMediaBlobs } from '../api/get-media-file';
import { useMedia } from '../api/get-media';
import { useMediaLimits } from '../api/get-media-limits';
import type { MediaListParams } from '../api/media-keys';
import { useUploads } from '../stores/use-uploads';
import { DEFAULT_MAX_UPLOAD_BYTES, MEDIA_PAGE_SIZE, type Media } from '../types';
import { MediaCard } from './media-card';
import { MediaDropZone } from './media-drop-zone';
import { MediaPreview } from './media-preview';
import { UploadList } from './upload-list';
import { translate, useTranslation } from '../../../lib/i18n';

/** The kinds to filter by; labels are the catalog's `filter.<kind>`. */
const KIND_FILTERS = ['all', 'image', 'pdf', 'video'] as const;

function openPreview(media: Media) {
  modals.open({ title: media.filename, size: 'lg', children: <MediaPreview media={media} /> });
}

function confirmDelete(media: Media): Promise<boolean> {
  return new Promise((resolve) =>
    modals.openConfirmModal({
      title: translate('media', 'delete.title'),
      children: <Text size="sm">{translate('media', 'delete.text', { name: media.filename })}</Text>,
      labels: { confirm: translate('media', 'delete.confirm'), cancel: translate('common', 'cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    }),
  );
}

/** The media library: drop or choose files (a progress bar each), then the grid of what is stored. */
export function MediaLibrary() {
  const { t } = useTranslation('media');
  const limits = useMediaLimits();
  const maxBytes = limits.data?.max_upload_bytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const { uploads, add, cancel, clearFinished } = useUploads(maxBytes);
  const [params, setParams] = useState<MediaListParams>({ page: 1, limit: MEDIA_PAGE_SIZE, kind: 'all' });
  const list = useMedia(params);
  const remove = useDeleteMedia();
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / MEDIA_PAGE_SIZE));

  const onDelete = async (media: Media) => {
    if (!(await confirmDelete(media))) return;
    remove.mutate(media, {
      onSuccess: () => {
        forgetMediaBlobs(media);
        showToast({ message: t('delete.done', { name: media.filename }), color: 'green' });
        // the last file of a later page: show the page before
        if (list.data?.items.length === 1 && params.page > 1) setParams((p) => ({ ...p, page: p.page - 1 }));
      },
      onError: (error) =>
        showToast({
          title: t('delete.failedTitle', { name: media.filename }),
          message: errorMessage(error, t('delete.failed')),
          color: 'red',
        }),
    });
  };

  return (
    <Stack gap="md">
      <MediaDropZone maxBytes={maxBytes} onFiles={add} />
      <UploadList uploads={uploads} onCancel={cancel} onClear={clearFinished} />
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label={t('filter.label')}
          data={KIND_FILTERS.map((kind) => ({ value: kind, label: t(`filter.${kind}`) }))}
          value={params.kind}
          onChange={(kind) => setParams({ ...params, page: 1, kind: kind as MediaListParams['kind'] })}
        />
        {list.data && (
          <Text size="sm" c="dimmed">
            {t('library.count', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('library.loading')} />
        </Center>
      ) : list.error && !list.data ? (
        <LoadErrorAlert
          title={t('library.loadError')}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <Stack align="center" gap={4} py="xl">
          <Text fw={500}>{params.kind === 'all' ? t('library.empty') : t('library.emptyKind')}</Text>
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {t('library.emptyHelp')}
          </Text>
        </Stack>
      ) : (
        <>
          <SimpleGrid
            cols={{ base: 2, xs: 3, md: 4, lg: 5 }}
            spacing="sm"
            component="ul"
            aria-label={t('library.label')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {list.data.items.map((media) => (
              <MediaCard
                key={media.id}
                media={media}
                onPreview={openPreview}
                onDelete={(m) => void onDelete(m)}
                deleting={remove.isPending && remove.variables.id === media.id}
              />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={params.page}
                onChange={(page) => setParams({ ...params, page })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
