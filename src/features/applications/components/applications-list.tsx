import { Alert, Button, Group, Loader, NativeSelect, Pagination, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { errorMessage } from '../../../lib/api-client';
import { useStatusLabel } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/toast';
import { oneOf, pageParam, useUrlParams } from '../../../lib/use-url-params';
import { useDecideApplication } from '../api/decide-application';
import { useApplications } from '../api/get-applications';
import { ApplicationStatusBadge } from './application-status-badge';
import { CopyTrackingLinkButton, TrackingLink } from './tracking-link';
import { APPLICATION_STATUSES } from '../../../../contracts/applications';

const PAGE_SIZE = 10;

/** The list's filter and page in the URL (?status=approved&page=2): a reload keeps them. */
const LIST_PARAMS = { status: 'all', page: '1' };

/** A publisher's own applications (the /applications screen). */
export function ApplicationsList() {
  const navigate = useNavigate();
  const { t } = useTranslation('applications');
  const statusLabel = useStatusLabel();
  const statusOptions = [
    { value: 'all', label: t('list.allStatuses') },
    ...APPLICATION_STATUSES.map((s) => ({ value: s, label: statusLabel('application', s) })),
  ];
  const [params, setParams] = useUrlParams(LIST_PARAMS);
  const status = oneOf(params.status, APPLICATION_STATUSES, 'all');
  const page = pageParam(params.page);
  const setPage = (next: number) => setParams({ page: String(next) });
  const { data, error, isPending } = useApplications({ status, page, limit: PAGE_SIZE });
  const decide = useDecideApplication();
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <NativeSelect
        label={t('list.statusFilter')}
        data={statusOptions}
        value={status}
        onChange={(event) => setParams({ status: event.currentTarget.value, page: '1' })}
        maw={240}
      />
      {error && (
        <Alert color="red" variant="light">
          {errorMessage(error, t('list.loadError'))}
        </Alert>
      )}
      {decide.error && (
        <Alert color="red" variant="light">
          {errorMessage(decide.error, t('list.withdrawError'))}
        </Alert>
      )}
      {isPending && <Loader size="sm" aria-label={t('list.loading')} />}
      {data && data.items.length === 0 && status !== 'all' && (
        <EmptyState
          title={t('list.emptyStatus', { status })}
          action={{ label: t('list.showAll'), onClick: () => setParams({ status: 'all', page: '1' }) }}
        />
      )}
      {data && data.items.length === 0 && status === 'all' && (
        <EmptyState
          title={t('list.emptyTitle')}
          description={t('list.emptyText')}
          action={{ label: t('list.browse'), onClick: () => void navigate('/campaigns') }}
        />
      )}
      {data && data.items.length > 0 && (
        <DataTable
          minWidth={760}
          verticalSpacing="sm"
          aria-label={t('list.label')}
          head={[
            t('col.campaign'),
            t('col.website'),
            t('col.status'),
            t('col.details'),
            t('col.applied'),
            t('col.actions'),
          ]}
          cards={['title', 'subtitle', 'status', 'field', 'field', 'actions']}
          stickyActions
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
                    application.reason && <Text size="sm">{t('reason', { reason: application.reason })}</Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDate(application.created_at)}</Table.Td>
                <Table.Td>
                  {application.status === 'approved' && application.tracking_code && (
                    <CopyTrackingLinkButton code={application.tracking_code} />
                  )}
                  {application.status === 'pending' && (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('list.withdrawLabel', { campaign: application.campaign_name })}
                      loading={decide.isPending && decide.variables?.id === application.id}
                      onClick={() =>
                        decide.mutate(
                          { id: application.id, decision: 'withdraw' },
                          {
                            onSuccess: () => showSuccess(t('list.withdrawn'), application.campaign_name),
                          },
                        )
                      }
                    >
                      {t('list.withdraw')}
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
