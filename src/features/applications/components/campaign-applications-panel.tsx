import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { MessageButton } from '../../../components/message-button';
import { ReasonForm } from '../../../components/reason-form';
import { errorMessage } from '../../../lib/api-client';
import { showSuccess } from '../../../lib/toast';
import { useDecideApplication } from '../api/decide-application';
import { useApplications } from '../api/get-applications';
import type { Application } from '../types';
import { ApplicationStatusBadge } from './application-status-badge';

type ReasonDecision = 'reject' | 'suspend';

/** campaignPublishers: who applied to a campaign, and the advertiser's (or an admin's) decisions. */
const DECIDED = {
  approve: 'Application approved',
  reject: 'Application rejected',
  suspend: 'Application suspended',
} as const;

export function CampaignApplicationsPanel({ campaignId }: { campaignId: string }) {
  const { data, error, isPending } = useApplications({
    status: 'all',
    campaign_id: campaignId,
    page: 1,
    limit: 100,
  });
  const decide = useDecideApplication();
  const [asking, setAsking] = useState<{ id: string; decision: ReasonDecision } | null>(null);

  if (isPending) return <Loader size="sm" aria-label="Loading applications" />;
  if (error) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(error, 'Could not load the applications.')}
      </Alert>
    );
  }
  if (data.items.length === 0) return <Text c="dimmed">No publisher has applied yet.</Text>;

  const busy = (a: Application) => decide.isPending && decide.variables?.id === a.id;

  return (
    <Stack gap="sm">
      {decide.error && (
        <Alert color="red" variant="light">
          {errorMessage(decide.error, 'The decision was not saved.')}
        </Alert>
      )}
      <DataTable
        minWidth={760}
        verticalSpacing="sm"
        aria-label="Applications to this campaign"
        head={['Publisher', 'Website', 'Status', 'Actions']}
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
                {application.reason && <Text size="sm">Reason: {application.reason}</Text>}
              </Table.Td>
              <Table.Td>{application.website_url}</Table.Td>
              <Table.Td>
                <ApplicationStatusBadge status={application.status} />
              </Table.Td>
              <Table.Td>
                {asking?.id === application.id ? (
                  <ReasonForm
                    compact
                    confirmLabel={`Confirm ${asking.decision}`}
                    loading={busy(application)}
                    onCancel={() => setAsking(null)}
                    onConfirm={(reason, decision = asking.decision) =>
                      decide.mutate(
                        { id: application.id, decision, reason },
                        {
                          onSuccess: () => {
                            setAsking(null);
                            showSuccess(DECIDED[decision], application.publisher_name);
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
                          aria-label={`Approve ${application.publisher_name}`}
                          loading={busy(application)}
                          onClick={() =>
                            decide.mutate(
                              { id: application.id, decision: 'approve' },
                              { onSuccess: () => showSuccess(DECIDED.approve, application.publisher_name) },
                            )
                          }
                        >
                          Approve
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          aria-label={`Reject ${application.publisher_name}`}
                          onClick={() => setAsking({ id: application.id, decision: 'reject' })}
                        >
                          Reject
                        </Button>
                      </>
                    )}
                    {application.status === 'approved' && (
                      <Button
                        size="xs"
                        variant="light"
                        color="orange"
                        aria-label={`Suspend ${application.publisher_name}`}
                        onClick={() => setAsking({ id: application.id, decision: 'suspend' })}
                      >
                        Suspend
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
