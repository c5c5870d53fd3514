import { Alert, Button, Checkbox, Group, Image, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { useMyMedia } from '../api/get-my-media';
import { useMediaBlob } from '../hooks/use-media-blob';
import type { Attachment, MediaItem } from '../types';
import { formatBytes } from '../utils/format';
import { MAX_ATTACHMENTS } from '../../../../contracts/messaging';
import { useTranslation } from '../../../lib/i18n';

function Thumb({ item }: { item: MediaItem }) {
  const src = useMediaBlob(item.thumbnail_url);
  return (
    <Image
      src={src ?? undefined}
      alt=""
      w={48}
      h={48}
      fit="cover"
      radius="sm"
      bg="var(--mantine-color-gray-light)"
    />
  );
}

const toAttachment = (m: MediaItem): Attachment => ({
  id: m.id,
  filename: m.filename,
  content_type: m.content_type,
  size_bytes: m.size_bytes,
  url: m.url,
  thumbnail_url: m.thumbnail_url,
});

interface AttachmentPickerProps {
  opened: boolean;
  selected: Attachment[];
  onClose(): void;
  onPick(attachments: Attachment[]): void;
}

/** Picks files from the caller's media library to attach to a message. */
export function AttachmentPicker(props: AttachmentPickerProps) {
  const { t } = useTranslation('messaging');
  // mounted with each opening, so it starts from what the composer holds
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('attach.title')} size="md">
      {props.opened && <PickerBody {...props} />}
    </Modal>
  );
}

function PickerBody({ selected, onClose, onPick }: AttachmentPickerProps) {
  const { t } = useTranslation('messaging');
  const { t: tc } = useTranslation('common');
  const { data, error, isPending } = useMyMedia();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(selected.map((a) => a.id)));

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else if (next.size < MAX_ATTACHMENTS) next.add(id);
      return next;
    });

  const confirm = () => {
    const byId = new Map([...(data ?? []).map((m) => [m.id, toAttachment(m)] as const)]);
    for (const a of selected) if (!byId.has(a.id)) byId.set(a.id, a);
    onPick([...chosen].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
  };

  return (
    <>
      {isPending && <Loader size="sm" aria-label={t('attach.loading')} />}
      {error && (
        <Alert color="red" variant="light">
          {errorMessage(error, t('attach.loadError'))}
        </Alert>
      )}
      {data && data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('attach.empty')}{' '}
          <Text component={Link} to="/media" c="blue" size="sm">
            {t('attach.upload')}
          </Text>{' '}
          {t('attach.emptyAfter')}
        </Text>
      )}
      {data && data.length > 0 && (
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap="xs">
            {data.map((item) => (
              <Checkbox.Card
                key={item.id}
                checked={chosen.has(item.id)}
                onClick={() => toggle(item.id)}
                radius="md"
                p="xs"
                aria-label={item.filename}
              >
                <Group wrap="nowrap" gap="sm">
                  <Checkbox.Indicator />
                  <Thumb item={item} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" truncate="end">
                      {item.filename}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatBytes(item.size_bytes)}
                    </Text>
                  </Stack>
                </Group>
              </Checkbox.Card>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Group justify="space-between" mt="md">
        <Text size="xs" c="dimmed">
          {t('attach.chosen', { count: chosen.size, max: MAX_ATTACHMENTS })}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button onClick={confirm} disabled={!data}>
            {t('attach.confirm')}
          </Button>
        </Group>
      </Group>
    </>
  );
}
