import { Alert, Badge, Button, Card, Code, Group, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { showFailure } from '../../../lib/toast';
import { useDeliveries, useResendDelivery } from '../api/deliveries';
import type { Delivery, IntegrationKind } from '../types';
import { useTranslation } from '../../../lib/i18n';

function StatusBadge({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation('integrations');
  if (delivery.status_code === null && delivery.error === null && delivery.next_attempt_at !== null) {
    return <Badge color="gray">{t('log.queued')}</Badge>;
  }
  const ok = delivery.status_code !== null && delivery.status_code >= 200 && delivery.status_code < 300;
  return (
    <Badge color={ok ? 'green' : 'red'} variant="light">
      {delivery.status_code ?? t('log.noAnswer')}
    </Badge>
  );
}

/** The latest deliveries of one endpoint or postback, as cards (time, event, attempt, status, latency…). */
export function DeliveryLog({ kind, id }: { kind: IntegrationKind; id: string }) {
  const { t } = useTranslation('integrations');
  const deliveries = useDeliveries(kind, id);
  const resend = useResendDelivery(kind, id);

  if (deliveries.isError) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(deliveries.error, t('log.error'))}
      </Alert>
    );
  }
  if (!deliveries.data) {
    return (
      <Text size="sm" c="dimmed">
        {t('log.loading')}
      </Text>
    );
  }
  if (deliveries.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('log.empty')}
      </Text>
    );
  }

  return (
    <Stack gap="xs" role="list" aria-label={t('log.label')}>
      {deliveries.data.map((delivery) => (
        <Card key={delivery.id} withBorder padding="xs" role="listitem">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="wrap">
                <StatusBadge delivery={delivery} />
                <Code>{delivery.type}</Code>
              </Group>
              <Button
                size="compact-xs"
                variant="light"
                loading={resend.isPending && resend.variables === delivery.id}
                onClick={() =>
                  resend.mutate(delivery.id, {
                    onError: showFailure(t('log.notResent')),
                  })
                }
                aria-label={t('log.resendLabel', {
                  type: delivery.type,
                  date: formatDateTime(delivery.created_at),
                })}
              >
                {t('log.resend')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t('log.attempt', { date: formatDateTime(delivery.created_at), attempt: delivery.attempt })}
              {delivery.duration_ms !== null && ` · ${delivery.duration_ms} ms`}
              {delivery.next_attempt_at !== null &&
                ` · ${t('log.nextTry', { date: formatDateTime(delivery.next_attempt_at) })}`}
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
