import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** An endpoint's signing secret: hidden until asked, with a copy button. */
export function SecretField({ secret, revealed = false }: { secret: string; revealed?: boolean }) {
  const { t } = useTranslation('integrations');
  const [shown, setShown] = useState(revealed);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {t('secret.label')}
      </Text>
      <Code aria-label={t('secret.label')} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {shown ? secret : `${secret.slice(0, 10)}••••••••`}
      </Code>
      <Group gap="xs">
        {!shown && (
          <Button size="compact-xs" variant="subtle" onClick={() => setShown(true)}>
            {t('secret.show')}
          </Button>
        )}
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t('secret.copied') : t('secret.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
