import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { MessageButton } from '../../../components/message-button';
import { ReasonForm } from '../../../components/reason-form';
import { errorMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/toast';
import { useDecideApplication } from '../api/decide-application';
import { useApplications } from '../api/get-applications';
import type { Application } from '../types';
import { ApplicationStatusBadge } from './application-status-badge';

type ReasonDecision = 'reject' | 'suspend';

/** campaignPublishers: who applied to a campaign, and the advertiser's (or an admin's) decisions. */
export function CampaignApplicationsPanel({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation('applications');
  const { data, error, isPending } = useApplications({
    status: 'all',
    campaign_id: campaignId,
    page: 1,
    limit: 100,
  });
  const decide = useDecideApplication();
  const [asking, setAsking] = useState<{ id: string; decision: ReasonDecision } | null>(null);

  if (isPending) return <Loader size="sm" aria-label={t('list.loading')} />;
  if (error) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(error, t('panel.loadError'))}
      </Alert>
    );
  }
  if (data.items.length === 0) return <Text c="dimmed">{t('panel.empty')}</Text>;

  const busy = (a: Application) => decide.isPending && decide.variables?.id === a.id;

  return (
    <Stack gap="sm">
      {decide.error && (
        <Alert color="red" variant="light">
          {errorMessage(decide.error, t('panel.decideError'))}
        </Alert>
      )}
      <DataTable
        minWidth={760}
        verticalSpacing="sm"
        aria-label={t('panel.label')}
        head={[t('col.publisher'), t('col.website'), t('col.status'), t('col.actions')]}
        cards={['title', 'subtitle', 'status', 'actions']}
        stickyActions
      >
        <Table.Tbody>
          {data.items.map((application) => (
            <Table.Tr key={application.id}>
              <Table.Td>
                <Text fw={600}>{application.publisher_name}</Text>
                {application.message && (
                  <Text size="sm" c="dimmed">
                    “{application.message}”
                  </Text>
                )}
                {application.reason && <Text size="sm">{t('reason', { reason: application.reason })}</Text>}
              </Table.Td>
              <Table.Td>{application.website_url}</Table.Td>
              <Table.Td>
                <ApplicationStatusBadge status={application.status} />
              </Table.Td>
              <Table.Td>
                {asking?.id === application.id ? (
                  <ReasonForm
                    compact
                    confirmLabel={t(`panel.confirm.${asking.decision}`)}
                    loading={busy(application)}
                    onCancel={() => setAsking(null)}
                    onConfirm={(reason, decision = asking.decision) =>
                      decide.mutate(
                        { id: application.id, decision, reason },
                        {
                          onSuccess: () => {
                            setAsking(null);
                            showSuccess(t(`panel.decided.${decision}`), application.publisher_name);
                          },
                        },
                      )
                    }
                  />
                ) : (
                  <Group gap={6} wrap="nowrap">
                    <MessageButton
                      userId={application.publisher_id}
                      name={application.publisher_name}
                      campaignId={application.campaign_id}
                    />
                    {application.status === 'pending' && (
                      <>
                        <Button
                          size="xs"
                          color="green"
                          aria-label={t('panel.approveLabel', { name: application.publisher_name })}
                          loading={busy(application)}
                          onClick={() =>
                            decide.mutate(
                              { id: application.id, decision: 'approve' },
                              {
                                onSuccess: () =>
                                  showSuccess(t('panel.decided.approve'), application.publisher_name),
                              },
                            )
                          }
                        >
                          {t('panel.approve')}
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          aria-label={t('panel.rejectLabel', { name: application.publisher_name })}
                          onClick={() => setAsking({ id: application.id, decision: 'reject' })}
                        >
                          {t('panel.reject')}
                        </Button>
                      </>
                    )}
                    {application.status === 'approved' && (
                      <Button
                        size="xs"
                        variant="light"
                        color="orange"
                        aria-label={t('panel.suspendLabel', { name: application.publisher_name })}
                        onClick={() => setAsking({ id: application.id, decision: 'suspend' })}
                      >
                        {t('panel.suspend')}
                      </Button>
                    )}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DataTable>
    </Stack>
  );
}
