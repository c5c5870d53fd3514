import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useCurrencyHealth } from '../api/get-currency-health';
import { useRefreshRates } from '../api/refresh-rates';
import type { CurrencyHealth } from '../types';

const when = (iso: string | null) => formatDateTime(iso, 'Never');

const sourceLabel = (health: CurrencyHealth) =>
  health.source === 'provider' ? 'The rates provider' : 'Built-in fallback rates';

/** What a refresh did, as one sentence. */
function refreshOutcome(health: CurrencyHealth): string {
  if (health.health === 'ok')
    return `Rates refreshed: ${health.as_of ? `rates of ${health.as_of}` : 'up to date'}.`;
  const using = health.source === 'provider' ? 'the last stored rates' : 'the built-in rates';
  return `The refresh failed${health.reason ? `: ${health.reason}` : ''}. Conversions keep using ${using}.`;
}

function HealthTable({ health }: { health: CurrencyHealth }) {
  const rows: [string, string][] = [
    ['Provider', health.provider ?? 'None set'],
    ['Rates in use', sourceLabel(health)],
    ['Rates of', health.as_of ?? '—'],
    ['Last successful fetch', when(health.last_success_at)],
    ['Last attempt', when(health.last_attempt_at)],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label="Exchange-rate provider">
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
  const health = useCurrencyHealth();
  const refresh = useRefreshRates();

  if (health.isPending) return <Loader size="sm" aria-label="Loading exchange-rate status" />;
  if (health.error) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(health.error, 'Could not load the exchange-rate status.')}
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
          {ok ? 'OK' : builtIn ? 'Built-in rates' : 'Degraded'}
        </Badge>
        <Text size="sm">
          {ok
            ? 'Conversions use the provider’s rates.'
            : builtIn
              ? 'Conversions use the built-in rates; set a provider URL in the platform settings for daily rates.'
              : 'Conversions use stored or built-in rates.'}
        </Text>
      </Group>
      {!ok && !builtIn && data.reason && (
        <Alert color="orange" variant="light" title="Why degraded">
          {data.reason}
        </Alert>
      )}
      <HealthTable health={data} />
      <Group>
        <Button variant="light" loading={refresh.isPending} onClick={() => refresh.mutate()}>
          Refresh rates now
        </Button>
      </Group>
      <div role="status">
        {refresh.data && !refresh.isPending && (
          <Text size="sm" c={refresh.data.health === 'ok' ? 'green' : 'orange'}>
            {refreshOutcome(refresh.data)}
          </Text>
        )}
        {refresh.error && !refresh.isPending && (
          <Text size="sm" c="red">
            {errorMessage(refresh.error, 'The refresh could not be sent. Try again.')}
          </Text>
        )}
      </div>
    </Stack>
  );
}
