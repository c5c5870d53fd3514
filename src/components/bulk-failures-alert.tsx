import { Alert, List } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

export interface BulkFailure {
  /** what the row is called, e.g. an order id or a publisher's name */
  label: string;
  /** the server's sentence for why it was not changed */
  detail: string;
}

/** After a bulk decision: which rows were not changed and why, until dismissed. */
export function BulkFailuresAlert({
  title,
  failures,
  onClose,
}: {
  title: string;
  failures: readonly BulkFailure[];
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  if (failures.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={title}
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={onClose}
    >
      <List size="sm">
        {failures.map((f) => (
          <List.Item key={f.label}>{`${f.label}: ${f.detail}`}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
