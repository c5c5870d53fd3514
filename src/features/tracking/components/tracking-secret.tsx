import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from '../../../lib/i18n';

interface TrackingSecretProps {
  secret: string;
  revealed: boolean;
  onToggleReveal(): void;
  rotating: boolean;
  /** called after the user confirmed */
  onRotate(): void;
}

export const MASKED_SECRET = '•'.repeat(16);

/** The postback secret: masked until revealed, copyable, and rotated only after a confirmation. */
export function TrackingSecret({
  secret,
  revealed,
  onToggleReveal,
  rotating,
  onRotate,
}: TrackingSecretProps) {
  const { t } = useTranslation('tracking');
  const { t: tc } = useTranslation('common');
  const confirmRotate = () =>
    modals.openConfirmModal({
      title: t('secret.rotateTitle'),
      children: <Text size="sm">{t('secret.rotateText')}</Text>,
      labels: { confirm: t('secret.rotate'), cancel: tc('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: onRotate,
    });

  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('secret.label')}
      </Text>
      <Group gap="xs">
        <Code aria-label={revealed ? t('secret.label') : t('secret.hidden')}>
          {revealed ? secret : MASKED_SECRET}
        </Code>
        <Button size="compact-xs" variant="subtle" onClick={onToggleReveal}>
          {revealed ? t('secret.hide') : t('secret.reveal')}
        </Button>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} aria-label={t('secret.copy')}>
              {copied ? t('copied') : t('copy')}
            </Button>
          )}
        </CopyButton>
        <Button size="compact-xs" variant="light" color="red" loading={rotating} onClick={confirmRotate}>
          {t('secret.rotate')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('secret.help')}
      </Text>
    </Stack>
  );
}
