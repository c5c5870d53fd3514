import { Alert, Badge, Button, Card, Code, Group, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { showFailure } from '../../../lib/toast';
import { useDeliveries, useResendDelivery } from '../api/deliveries';
import type { Delivery, IntegrationKind } from '../types';

function statusBadge(delivery: Delivery) {
  if (delivery.status_code === null && delivery.error === null && delivery.next_attempt_at !== null) {
    return <Badge color="gray">Queued</Badge>;
  }
  const ok = delivery.status_code !== null && delivery.status_code >= 200 && delivery.status_code < 300;
  return (
    <Badge color={ok ? 'green' : 'red'} variant="light">
      {delivery.status_code ?? 'No answer'}
    </Badge>
  );
}

/** The latest deliveries of one endpoint or postback, as cards (time, event, attempt, status, latency…). */
export function DeliveryLog({ kind, id }: { kind: IntegrationKind; id: string }) {
  const deliveries = useDeliveries(kind, id);
  const resend = useResendDelivery(kind, id);

  if (deliveries.isError) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(deliveries.error, 'Could not load the delivery log.')}
      </Alert>
    );
  }
  if (!deliveries.data) {
    return (
      <Text size="sm" c="dimmed">
        Loading deliveries…
      </Text>
    );
  }
  if (deliveries.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing was sent yet.
      </Text>
    );
  }

  return (
    <Stack gap="xs" role="list" aria-label="Deliveries">
      {deliveries.data.map((delivery) => (
        <Card key={delivery.id} withBorder padding="xs" role="listitem">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="wrap">
                {statusBadge(delivery)}
                <Code>{delivery.type}</Code>
              </Group>
              <Button
                size="compact-xs"
                variant="light"
                loading={resend.isPending && resend.variables === delivery.id}
                onClick={() =>
                  resend.mutate(delivery.id, {
                    onError: showFailure('Not resent'),
                  })
                }
                aria-label={`Resend ${delivery.type} of ${formatDateTime(delivery.created_at)}`}
              >
                Resend
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {formatDateTime(delivery.created_at)} · attempt {delivery.attempt}
              {delivery.duration_ms !== null && ` · ${delivery.duration_ms} ms`}
              {delivery.next_attempt_at !== null && ` · next try ${formatDateTime(delivery.next_attempt_at)}`}
            </Text>
            {delivery.response_excerpt && (
              <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
                {delivery.response_excerpt}
              </Text>
            )}
            {delivery.error && (
              <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                {delivery.error}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
