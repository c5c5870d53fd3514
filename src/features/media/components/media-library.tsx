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

const KIND_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'pdf', label: 'PDFs' },
  { value: 'video', label: 'Videos' },
];

function openPreview(media: Media) {
  modals.open({ title: media.filename, size: 'lg', children: <MediaPreview media={media} /> });
}

function confirmDelete(media: Media): Promise<boolean> {
  return new Promise((resolve) =>
    modals.openConfirmModal({
      title: 'Delete file',
      children: (
        <Text size="sm">
          Delete {media.filename}? Campaigns that are not active lose it as a creative; messages that attached
          it no longer show it.
        </Text>
      ),
      labels: { confirm: 'Delete file', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    }),
  );
}

/** The media library: drop or choose files (a progress bar each), then the grid of what is stored. */
export function MediaLibrary() {
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
        showToast({ message: `${media.filename} was deleted.`, color: 'green' });
        // the last file of a later page: show the page before
        if (list.data?.items.length === 1 && params.page > 1) setParams((p) => ({ ...p, page: p.page - 1 }));
      },
      onError: (error) =>
        showToast({
          title: `${media.filename} was not deleted`,
          message: errorMessage(error, 'Deleting failed. Please try again.'),
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
          aria-label="Show"
          data={KIND_FILTERS}
          value={params.kind}
          onChange={(kind) => setParams({ ...params, page: 1, kind: kind as MediaListParams['kind'] })}
        />
        {list.data && (
          <Text size="sm" c="dimmed">
            {list.data.total} {list.data.total === 1 ? 'file' : 'files'}
          </Text>
        )}
      </Group>
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading media" />
        </Center>
      ) : list.error && !list.data ? (
        <LoadErrorAlert
          title="Could not load your media"
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <Stack align="center" gap={4} py="xl">
          <Text fw={500}>{params.kind === 'all' ? 'No files yet' : 'No files of this type'}</Text>
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            Upload banners, images, PDFs or videos to use them as campaign creatives or to attach them to
            messages.
          </Text>
        </Stack>
      ) : (
        <>
          <SimpleGrid
            cols={{ base: 2, xs: 3, md: 4, lg: 5 }}
            spacing="sm"
            component="ul"
            aria-label="Media library"
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
