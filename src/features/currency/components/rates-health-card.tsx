import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useCurrencyHealth } from '../api/get-currency-health';
import { useRefreshRates } from '../api/refresh-rates';
import type { CurrencyHealth } from '../types';
import { useTranslation } from '../../../lib/i18n';

type T = (key: string, values?: Record<string, unknown>) => string;

const when = (t: T, iso: string | null) => formatDateTime(iso, t('health.never'));

const sourceLabel = (t: T, health: CurrencyHealth) =>
  health.source === 'provider' ? t('health.sourceProvider') : t('health.sourceBuiltIn');

/** What a refresh did, as one sentence. */
function refreshOutcome(t: T, health: CurrencyHealth): string {
  if (health.health === 'ok') {
    return health.as_of ? t('refresh.okOf', { date: health.as_of }) : t('refresh.okCurrent');
  }
  const provider = health.source === 'provider';
  if (health.reason) {
    return provider
      ? t('refresh.failedStoredReason', { reason: health.reason })
      : t('refresh.failedBuiltInReason', { reason: health.reason });
  }
  return provider ? t('refresh.failedStored') : t('refresh.failedBuiltIn');
}

function HealthTable({ health }: { health: CurrencyHealth }) {
  const { t } = useTranslation('currency');
  const rows: [string, string][] = [
    [t('health.provider'), health.provider ?? t('health.noneSet')],
    [t('health.inUse'), sourceLabel(t, health)],
    [t('health.ratesOf'), health.as_of ?? '—'],
    [t('health.lastSuccess'), when(t, health.last_success_at)],
    [t('health.lastAttempt'), when(t, health.last_attempt_at)],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label={t('health.label')}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={200}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Admins: whether conversions use live provider rates, why not, and a button to fetch them now. */
export function RatesHealthCard() {
  const { t } = useTranslation('currency');
  const health = useCurrencyHealth();
  const refresh = useRefreshRates();

  if (health.isPending) return <Loader size="sm" aria-label={t('health.loading')} />;
  if (health.error) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(health.error, t('health.error'))}
      </Alert>
    );
  }
  const data = health.data;
  const ok = data.health === 'ok';
  // no provider set (a fresh install): the built-in rates are the expected state, not a failure
  const builtIn = !ok && data.provider === null;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge color={ok ? 'green' : builtIn ? 'gray' : 'orange'} variant="light">
          {ok ? t('badge.ok') : builtIn ? t('badge.builtIn') : t('badge.degraded')}
        </Badge>
        <Text size="sm">{ok ? t('summary.ok') : builtIn ? t('summary.builtIn') : t('summary.degraded')}</Text>
      </Group>
      {!ok && !builtIn && data.reason && (
        <Alert color="orange" variant="light" title={t('health.whyDegraded')}>
          {data.reason}
        </Alert>
      )}
      <HealthTable health={data} />
      <Group>
        <Button variant="light" loading={refresh.isPending} onClick={() => refresh.mutate()}>
          {t('refresh.button')}
        </Button>
      </Group>
      <div role="status">
        {refresh.data && !refresh.isPending && (
          <Text size="sm" c={refresh.data.health === 'ok' ? 'green' : 'orange'}>
            {refreshOutcome(t, refresh.data)}
          </Text>
        )}
        {refresh.error && !refresh.isPending && (
          <Text size="sm" c="red">
            {errorMessage(refresh.error, t('refresh.error'))}
          </Text>
        )}
      </div>
    </Stack>
  );
}
