import { Alert, Button, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search';
import { showToast } from '../../../lib/toast';
import { useUiPreferences } from '../../../lib/ui-preferences';
import { useDecideApplication, type AdminDecision } from '../api/decide-application';
import { useAdminApplications, type Application } from '../api/get-admin-applications';
import { usePublisherOptions } from '../api/get-publisher-options';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { translate, useTranslation } from '../../../lib/i18n';
import { ReasonPrompt } from './reason-prompt';
import { TablePager } from '../../../components/table-pager';
import { APPLICATION_STATUSES } from '../../../../contracts/applications';

const STATUS_COLORS: Record<Application['status'], string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  suspended: 'orange',
  withdrawn: 'gray',
};
const statusOptions = () => [
  { value: 'all', label: translate('admin', 'filter.allStatuses') },
  ...APPLICATION_STATUSES.map((status) => ({
    value: status,
    label: translate('common', `status.application.${status}`),
  })),
];

type ReasonDecision = 'reject' | 'suspend';

/**
 * Applications to decide on: for an admin every one on the platform (deciding on behalf of the campaign's
 * advertiser, with a publisher filter), for an advertiser those to their own campaigns (the server scopes
 * the list and the decisions; the publisher filter lists every publisher, so it is the admin's alone).
 */
export function AdminApplicationsPanel({ viewer = 'admin' }: { viewer?: 'admin' | 'advertiser' }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const [{ tablePageSize: limit }] = useUiPreferences();
  const [status, setStatus] = useState('all');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [publisherId, setPublisherId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const publishers = usePublisherOptions({ enabled: viewer === 'admin' });
  const { data, error, isPending } = useAdminApplications({
    status,
    search,
    publisher_id: publisherId,
    page,
    limit,
  });
  const decide = useDecideApplication();
  const [asking, setAsking] = useState<{ id: string; decision: ReasonDecision } | null>(null);
  const pages = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;
  const busy = (a: Application) => decide.isPending && decide.variables?.id === a.id;

  const send = (decision: AdminDecision, application: Application) =>
    decide.mutate(decision, {
      onSuccess: () => {
        setAsking(null);
        showToast({
          title: t('applications.saved'),
          message: t('applications.savedText', {
            publisher: application.publisher_name,
            campaign: application.campaign_name,
            decision: decision.decision,
          }),
          color: 'green',
        });
      },
    });

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('applications.search')}
          placeholder={t('applications.searchPlaceholder')}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            setPage(1);
          }}
          w={260}
        />
        <Select
          label={t('filter.status')}
          allowDeselect={false}
          data={statusOptions()}
          value={status}
          onChange={(value) => {
            if (!value) return;
            setStatus(value);
            setPage(1);
          }}
          w={180}
        />
        {viewer === 'admin' && (
          <Select
            label={t('applications.publisher')}
            placeholder={t('applications.allPublishers')}
            searchable
            clearable
            data={publishers.data ?? []}
            value={publisherId}
            onChange={(value) => {
              setPublisherId(value);
              setPage(1);
            }}
            nothingFoundMessage={t('applications.noPublisher')}
            w={240}
          />
        )}
      </Group>
      {(error ?? decide.error) && (
        <Alert color="red" variant="light">
          {error
            ? errorMessage(error, t('applications.loadError'))
            : errorMessage(decide.error, t('applications.saveError'))}
        </Alert>
      )}
      {isPending && <Loader size="sm" aria-label={t('applications.loading')} />}
      {data && data.items.length === 0 && <Text c="dimmed">{t('applications.none')}</Text>}
      {data && data.items.length > 0 && (
        <DataTable
          minWidth={860}
          verticalSpacing="sm"
          aria-label={t('applications.table')}
          head={[
            t('applications.col.campaign'),
            t('applications.col.publisher'),
            t('applications.col.website'),
            t('applications.col.status'),
            t('applications.col.applied'),
            t('applications.col.actions'),
          ]}
          cards={['title', 'field', 'field', 'status', 'field', 'actions']}
          stickyActions
        >
          <Table.Tbody>
            {data.items.map((application) => (
              <Table.Tr key={application.id}>
                <Table.Td fw={600}>{application.campaign_name}</Table.Td>
                <Table.Td>
                  <Text>{application.publisher_name}</Text>
                  {application.message && (
                    <Text size="sm" c="dimmed">
                      “{application.message}”
                    </Text>
                  )}
                  {application.reason && (
                    <Text size="sm">{t('applications.reason', { reason: application.reason })}</Text>
                  )}
                </Table.Td>
                <Table.Td>{application.website_url}</Table.Td>
                <Table.Td>
                  <StatusBadge color={STATUS_COLORS[application.status]}>
                    {tc(`status.application.${application.status}`)}
                  </StatusBadge>
                </Table.Td>
                <Table.Td>{formatDate(application.created_at)}</Table.Td>
                <Table.Td>
                  {asking?.id === application.id ? (
                    <ReasonPrompt
                      confirmLabel={t(`applications.confirm.${asking.decision}`)}
                      loading={busy(application)}
                      onCancel={() => setAsking(null)}
                      onConfirm={(reason) =>
                        send({ id: application.id, decision: asking.decision, reason }, application)
                      }
                    />
                  ) : (
                    <DecisionButtons
                      application={application}
                      loading={busy(application)}
                      onApprove={() => send({ id: application.id, decision: 'approve' }, application)}
                      onAsk={(decision) => {
                        decide.reset();
                        setAsking({ id: application.id, decision });
                      }}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
      {data && data.total > 0 && (
        <TablePager
          label={t('applications.pages')}
          summary={t('applications.count', { count: data.total, shown: formatCount(data.total) })}
          page={page}
          pages={pages}
          onChange={setPage}
        />
      )}
    </Stack>
  );
}

function DecisionButtons({
  application,
  loading,
  onApprove,
  onAsk,
}: {
  application: Application;
  loading: boolean;
  onApprove(): void;
  onAsk(decision: ReasonDecision): void;
}) {
  const { t } = useTranslation('admin');
  const who = { publisher: application.publisher_name, campaign: application.campaign_name };
  if (application.status === 'pending') {
    return (
      <Group gap={6} wrap="nowrap">
        <Button
          size="xs"
          color="green"
          aria-label={t('applications.approveWho', who)}
          loading={loading}
          onClick={onApprove}
        >
          {t('applications.approve')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          aria-label={t('applications.rejectWho', who)}
          onClick={() => onAsk('reject')}
        >
          {t('applications.reject')}
        </Button>
      </Group>
    );
  }
  if (application.status === 'approved') {
    return (
      <Button
        size="xs"
        variant="light"
        color="orange"
        aria-label={t('applications.suspendWho', who)}
        onClick={() => onAsk('suspend')}
      >
        {t('applications.suspend')}
      </Button>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}
