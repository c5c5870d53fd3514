import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

interface CopyValueProps {
  label: string;
  /** what the copy button puts on the clipboard */
  value: string;
  /** what is shown, when it differs from the value (e.g. a masked secret) */
  display?: string;
  /** multi-line code block instead of an inline value */
  block?: boolean;
}

/** A labelled value (URL, snippet, command) with a copy button named after it. */
export function CopyValue({ label, value, display, block = false }: CopyValueProps) {
  const { t } = useTranslation('tracking');
  const copyButton = (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size="compact-xs"
          variant="light"
          onClick={copy}
          aria-label={t('copyValue', { label: label.toLowerCase() })}
        >
          {copied ? t('copied') : t('copy')}
        </Button>
      )}
    </CopyButton>
  );
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {block && copyButton}
      </Group>
      {block ? (
        <Code block aria-label={label} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {display ?? value}
        </Code>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Code aria-label={label} style={{ wordBreak: 'break-all' }}>
            {display ?? value}
          </Code>
          {copyButton}
        </Group>
      )}
    </Stack>
  );
}
