import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { useTranslation } from '../lib/i18n';

interface DetailsCardProps<T> {
  /** what is shown, lower case: "advertiser", "publisher" (used in the loader, error and table names) */
  noun: string;
  query: { data: T | undefined; error: unknown; isPending: boolean };
  title(data: T): ReactNode;
  rows(data: T): [label: string, value: ReactNode][];
}

/** One record at a glance: a title and labelled rows, with the query's loading and error states. */
export function DetailsCard<T>({ noun, query, title, rows }: DetailsCardProps<T>) {
  const { t } = useTranslation('common');
  if (query.isPending) return <Loader size="sm" aria-label={t('details.loading', { noun })} />;
  if (query.error || query.data === undefined) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(query.error, t('details.loadError', { noun }))}
      </Alert>
    );
  }
  const data = query.data;
  return (
    <Stack gap="xs">
      <Text fw={600} size="lg">
        {title(data)}
      </Text>
      <Table
        withRowBorders={false}
        verticalSpacing={4}
        aria-label={t('details.table', { noun: `${noun[0]!.toUpperCase()}${noun.slice(1)}` })}
      >
        <Table.Tbody>
          {rows(data).map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
