import { Button, Code, CopyButton, Group } from '@mantine/core';
import { trackingLink } from '../types';

export function TrackingLink({ code }: { code: string }) {
  const link = trackingLink(code);
  return (
    <Group gap="xs" wrap="nowrap">
      <Code aria-label="Tracking link">{link}</Code>
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="subtle" onClick={copy}>
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
