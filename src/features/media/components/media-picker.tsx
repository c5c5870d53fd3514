import {
  Button,
  Card,
  Center,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useMedia } from '../api/get-media';
import { useMediaItems } from '../api/get-media-item';
import { MEDIA_PAGE_SIZE, type Media } from '../types';
import { MediaThumbnail } from './media-thumbnail';
import { useTranslation } from '../../../lib/i18n';

interface MediaPickerProps {
  /** chosen media ids, in order */
  value: string[];
  onChange(ids: string[]): void;
  /** what the chosen files are called: files, or a campaign's creatives */
  noun?: 'file' | 'creative';
  max?: number;
}

/** The chosen files with thumbnails, and the viewer's library to choose more from. */
export function MediaPicker({ value, onChange, noun = 'file', max = 50 }: MediaPickerProps) {
  const { t } = useTranslation('media');
  const [open, setOpen] = useState(false);
  const chosen = useMediaItems(value);
  const toggle = (media: Media, on: boolean) =>
    onChange(on ? [...value, media.id].slice(0, max) : value.filter((id) => id !== media.id));
  return (
    <Stack gap="xs">
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('picker.none', { noun })}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 2, xs: 3 }}
          spacing="xs"
          component="ul"
          aria-label={t('picker.chosen', { noun })}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {value.map((id, i) => {
            const media = chosen[i]?.data;
            const name =
              media?.filename ?? (chosen[i]?.isError ? t('picker.unavailable') : t('picker.loading'));
            return (
              <Card key={id} withBorder padding={6} component="li" aria-label={name}>
                <Stack gap={4}>
                  {media ? (
                    <MediaThumbnail media={media} height={70} />
                  ) : (
                    <Center h={70}>
                      <Loader size="xs" />
                    </Center>
                  )}
                  <Group gap={4} wrap="nowrap" justify="space-between">
                    <Text size="xs" truncate="end" title={name} style={{ minWidth: 0 }}>
                      {name}
                    </Text>
                    <CloseButton
                      size="sm"
                      aria-label={t('picker.remove', { name })}
                      onClick={() => onChange(value.filter((v) => v !== id))}
                    />
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      <Group>
        <Button variant="light" size="compact-sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? t('picker.close') : t('picker.open', { noun })}
        </Button>
      </Group>
      {open && <LibraryChoices value={value} onToggle={toggle} full={value.length >= max} noun={noun} />}
    </Stack>
  );
}

function LibraryChoices({
  value,
  onToggle,
  full,
  noun,
}: {
  value: string[];
  onToggle(media: Media, on: boolean): void;
  full: boolean;
  noun: 'file' | 'creative';
}) {
  const { t } = useTranslation('media');
  const [page, setPage] = useState(1);
  const list = useMedia({ page, limit: MEDIA_PAGE_SIZE, kind: 'all' });
  if (list.isPending) return <Loader size="sm" aria-label={t('picker.libraryLoading')} />;
  if (list.error && !list.data) {
    return (
      <Text size="sm" c="red">
        {t('picker.libraryError')}
      </Text>
    );
  }
  if (list.data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('picker.libraryEmpty')}
      </Text>
    );
  }
  const pages = Math.ceil(list.data.total / MEDIA_PAGE_SIZE);
  return (
    <Stack gap="xs">
      <SimpleGrid
        cols={{ base: 2, xs: 3 }}
        spacing="xs"
        role="group"
        aria-label={t('picker.choose', { noun })}
      >
        {list.data.items.map((media) => {
          const checked = value.includes(media.id);
          return (
            <Card key={media.id} withBorder padding={6}>
              <Stack gap={4}>
                <MediaThumbnail media={media} height={70} />
                <Checkbox
                  size="xs"
                  checked={checked}
                  disabled={!checked && full}
                  label={
                    <Text size="xs" truncate="end" title={media.filename}>
                      {media.filename}
                    </Text>
                  }
                  aria-label={media.filename}
                  onChange={(event) => onToggle(media, event.currentTarget.checked)}
                  styles={{ body: { minWidth: 0 }, labelWrapper: { minWidth: 0 } }}
                />
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
