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

interface MediaPickerProps {
  /** chosen media ids, in order */
  value: string[];
  onChange(ids: string[]): void;
  /** what the chosen files are called, e.g. "creative" */
  noun?: string;
  max?: number;
}

/** The chosen files with thumbnails, and the viewer's library to choose more from. */
export function MediaPicker({ value, onChange, noun = 'file', max = 50 }: MediaPickerProps) {
  const [open, setOpen] = useState(false);
  const chosen = useMediaItems(value);
  const toggle = (media: Media, on: boolean) =>
    onChange(on ? [...value, media.id].slice(0, max) : value.filter((id) => id !== media.id));
  return (
    <Stack gap="xs">
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          No {noun}s chosen.
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 2, xs: 3 }}
          spacing="xs"
          component="ul"
          aria-label={`Chosen ${noun}s`}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {value.map((id, i) => {
            const media = chosen[i]?.data;
            const name = media?.filename ?? (chosen[i]?.isError ? 'Unavailable file' : 'Loading…');
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
                      aria-label={`Remove ${name}`}
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
          {open ? 'Close media library' : `Choose ${noun}s from the media library`}
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
  noun: string;
}) {
  const [page, setPage] = useState(1);
  const list = useMedia({ page, limit: MEDIA_PAGE_SIZE, kind: 'all' });
  if (list.isPending) return <Loader size="sm" aria-label="Loading media library" />;
  if (list.error && !list.data) {
    return (
      <Text size="sm" c="red">
        The media library could not be loaded.
      </Text>
    );
  }
  if (list.data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Your media library is empty: upload files under Media library first.
      </Text>
    );
  }
  const pages = Math.ceil(list.data.total / MEDIA_PAGE_SIZE);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" role="group" aria-label={`Choose ${noun}s`}>
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
