import { Button, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ACCEPT_ATTRIBUTE } from '../types';
import { formatBytes } from '../utils/format-bytes';

interface MediaDropZoneProps {
  maxBytes: number;
  onFiles(files: File[]): void;
}

/**
 * Drop files here, or choose them with the button (the keyboard and screen-reader path: a labelled file
 * input behind it).
 */
export function MediaDropZone({ maxBytes, onFiles }: MediaDropZoneProps) {
  const { t } = useTranslation('media');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(files);
  };

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      data-drop-target={over || undefined}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
        background: over ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack align="center" gap="xs">
        <Text fw={500} ta="center">
          {t('drop.title')}
        </Text>
        <Text size="sm" c="dimmed" ta="center" id={hintId}>
          {t('drop.hint', { types: t('accepted'), size: formatBytes(maxBytes) })}
        </Text>
        <Button variant="light" onClick={() => input.current?.click()} aria-describedby={hintId}>
          {t('drop.choose')}
        </Button>
        <VisuallyHidden>
          <label htmlFor={inputId}>{t('drop.input')}</label>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            tabIndex={-1}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              // the same file may be chosen again after a refusal
              event.currentTarget.value = '';
              if (files.length) onFiles(files);
            }}
          />
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
