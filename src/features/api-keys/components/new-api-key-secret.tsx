import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { CreatedApiKey } from '../types';
import { useTranslation } from '../../../lib/i18n';

/** The secret of a key just created: shown this once, with a copy button. */
export function NewApiKeySecret({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  const { t } = useTranslation('api-keys');
  return (
    <Alert color="green" variant="light" title={t('secret.title', { name: created.name })}>
      <Stack gap="xs">
        <Text size="sm">
          {t('secret.text')} <Code>Authorization: Bearer …</Code>.
        </Text>
        <Code block aria-label={t('secret.label')} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {created.key}
        </Code>
        <Group gap="xs">
          <CopyButton value={created.key}>
            {({ copied, copy }) => (
              <Button size="xs" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? t('secret.copied') : t('secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t('secret.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
