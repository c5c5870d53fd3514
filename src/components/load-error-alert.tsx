import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '../lib/api-client';
import { useTranslation } from '../lib/i18n';

interface LoadErrorAlertProps {
  /** e.g. "Could not load the report" */
  title: string;
  error: unknown;
  /** a retry is under way: the button shows it */
  retrying: boolean;
  onRetry(): void;
}

/** A query that failed with nothing to show: what went wrong and a Retry button. */
export function LoadErrorAlert({ title, error, retrying, onRetry }: LoadErrorAlertProps) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" variant="light" title={title}>
      <Group justify="space-between">
        <Text size="sm">{errorMessage(error, t('tryAgain'))}</Text>
        <Button size="compact-sm" variant="default" loading={retrying} onClick={onRetry}>
          {t('retry')}
        </Button>
      </Group>
    </Alert>
  );
}
