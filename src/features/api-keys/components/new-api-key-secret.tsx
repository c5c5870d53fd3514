import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { CreatedApiKey } from '../types';

/** The secret of a key just created: shown this once, with a copy button. */
export function NewApiKeySecret({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  return (
    <Alert color="green" variant="light" title={`Key “${created.name}” created`}>
      <Stack gap="xs">
        <Text size="sm">
          Copy the key now: it is shown only this once. Send it as <Code>Authorization: Bearer …</Code>.
        </Text>
        <Code block aria-label="New API key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {created.key}
        </Code>
        <Group gap="xs">
          <CopyButton value={created.key}>
            {({ copied, copy }) => (
              <Button size="xs" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            I have stored it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
