import { Code, List, Stack, Text, Title } from '@mantine/core';
import { SUB_IDS } from '../types';
import { subIdExample } from '../utils/snippets';
import { useTranslation } from '../../../lib/i18n';
import { CodeText } from './code-text';

/** What publishers may add to a tracking link, and what the advertiser's landing page receives. */
export function SubIdHelp({ exampleUrl }: { exampleUrl?: string }) {
  const { t } = useTranslation('tracking');
  return (
    <Stack gap={6} component="section" aria-labelledby="sub-id-help-heading">
      <Title order={2} size="h5" id="sub-id-help-heading">
        {t('subIds.heading')}
      </Title>
      <Text size="sm">{t('subIds.text', { list: SUB_IDS.join(', ') })}</Text>
      {exampleUrl && <Code block>{subIdExample(exampleUrl)}</Code>}
      <List size="sm" spacing={2}>
        <List.Item>{t('subIds.chars')}</List.Item>
        <List.Item>
          <CodeText mantine text={t('subIds.clickId')} />
        </List.Item>
      </List>
    </Stack>
  );
}
