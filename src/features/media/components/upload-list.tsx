import { Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { Upload } from '../stores/use-uploads';
import { formatBytes } from '../utils/format-bytes';
import { useTranslation } from '../../../lib/i18n';

const COLOR: Partial<Record<Upload['status'], string>> = { done: 'green', refused: 'red', failed: 'red' };

interface UploadListProps {
  uploads: Upload[];
  onCancel(key: string): void;
  onClear(): void;
}

/** One row per file of this visit: its progress bar while it goes up, then what happened. */
export function UploadList({ uploads, onCancel, onClear }: UploadListProps) {
  const { t } = useTranslation('media');
  if (uploads.length === 0) return null;
  const finished = uploads.some((u) => u.status !== 'checking' && u.status !== 'uploading');
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t('upload.list')}>
      <Stack gap="sm">
        {uploads.map((u) => (
          <Stack key={u.key} gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={500} truncate="end" title={u.name} style={{ minWidth: 0, flex: 1 }}>
                {u.name}
              </Text>
              <Text size="xs" c={COLOR[u.status] ?? 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                {t(`upload.${u.status}`)}
                {u.status === 'uploading' ? ` ${u.progress}%` : ''} · {formatBytes(u.size)}
              </Text>
              {u.status === 'uploading' && (
                <CloseButton
                  size="sm"
                  aria-label={t('upload.cancel', { name: u.name })}
                  onClick={() => onCancel(u.key)}
                />
              )}
            </Group>
            {(u.status === 'uploading' || u.status === 'done') && (
              <Progress
                value={u.progress}
                color={COLOR[u.status]}
                size="sm"
                animated={u.status === 'uploading'}
                aria-label={t(u.status === 'done' ? 'upload.progressDone' : 'upload.progress', {
                  name: u.name,
                })}
              />
            )}
            {u.error && (
              <Text size="xs" c="red" role="alert">
                {u.error}
              </Text>
            )}
          </Stack>
        ))}
        {finished && (
          <Group justify="flex-end">
            <Button size="compact-sm" variant="subtle" onClick={onClear}>
              {t('upload.clear')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
