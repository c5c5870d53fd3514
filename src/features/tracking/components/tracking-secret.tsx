import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

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
  const confirmRotate = () =>
    modals.openConfirmModal({
      title: 'Rotate the tracking secret?',
      children: (
        <Text size="sm">
          A new secret is issued and the current one stops working at once: postbacks still sending it are
          rejected until your shop uses the new one.
        </Text>
      ),
      labels: { confirm: 'Rotate secret', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: onRotate,
    });

  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Tracking secret
      </Text>
      <Group gap="xs">
        <Code aria-label={revealed ? 'Tracking secret' : 'Tracking secret (hidden)'}>
          {revealed ? secret : MASKED_SECRET}
        </Code>
        <Button size="compact-xs" variant="subtle" onClick={onToggleReveal}>
          {revealed ? 'Hide secret' : 'Reveal secret'}
        </Button>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} aria-label="Copy tracking secret">
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button size="compact-xs" variant="light" color="red" loading={rotating} onClick={confirmRotate}>
          Rotate secret
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Send it with every server-to-server postback and sign pixels with it. Keep it on your server: a pixel
        never carries it.
      </Text>
    </Stack>
  );
}
