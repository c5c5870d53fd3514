import { Alert, Button, Group, Loader, NativeSelect, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { showSuccess } from '../../../lib/toast';
import { useDecideApplication } from '../api/decide-application';
import { useApplications } from '../api/get-applications';
import { APPLICATION_STATUSES, statusLabel } from '../types';
import { ApplicationStatusBadge } from './application-status-badge';
import { TrackingLink } from './tracking-link';

const PAGE_SIZE = 10;
const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...APPLICATION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
];

/** A publisher's own applications (the /applications screen). */
export function ApplicationsList() {
  const [status, setStatus] = useState('all');
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useApplications({ status, page, limit: PAGE_SIZE });
  const decide = useDecideApplication();
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <NativeSelect
        label="Status filter"
        data={STATUS_OPTIONS}
        value={status}
        onChange={(event) => {
          setStatus(event.currentTarget.value);
          setPage(1);
        }}
        maw={240}
      />
      {error && (
        <Alert color="red" variant="light">
          {errorMessage(error, 'Could not load your applications.')}
        </Alert>
      )}
      {decide.error && (
        <Alert color="red" variant="light">
          {errorMessage(decide.error, 'The application could not be withdrawn.')}
        </Alert>
      )}
      {isPending && <Loader size="sm" aria-label="Loading applications" />}
      {data && data.items.length === 0 && <Text c="dimmed">No applications yet. Apply from Campaigns.</Text>}
      {data && data.items.length > 0 && (
        <DataTable
          minWidth={760}
          verticalSpacing="sm"
          aria-label="Applications"
          head={['Campaign', 'Website', 'Status', 'Details', 'Applied', 'Actions']}
        >
          <Table.Tbody>
            {data.items.map((application) => (
              <Table.Tr key={application.id}>
                <Table.Td fw={600}>{application.campaign_name}</Table.Td>
                <Table.Td>{application.website_url}</Table.Td>
                <Table.Td>
                  <ApplicationStatusBadge status={application.status} />
                </Table.Td>
                <Table.Td>
                  {application.status === 'approved' && application.tracking_code ? (
                    <TrackingLink code={application.tracking_code} />
                  ) : (
                    application.reason && <Text size="sm">Reason: {application.reason}</Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDate(application.created_at)}</Table.Td>
                <Table.Td>
                  {application.status === 'pending' && (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Withdraw application to ${application.campaign_name}`}
                      loading={decide.isPending && decide.variables?.id === application.id}
                      onClick={() =>
                        decide.mutate(
                          { id: application.id, decision: 'withdraw' },
                          {
                            onSuccess: () => showSuccess('Application withdrawn', application.campaign_name),
                          },
                        )
                      }
                    >
                      Withdraw
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
