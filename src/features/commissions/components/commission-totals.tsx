import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Money } from '../../../components/money';
import {
  COMMISSION_STATUS_COLORS,
  COMMISSION_STATUS_LABELS,
  COMMISSION_STATUSES,
  type CommissionTotal,
} from '../types';

/** Per currency (never summed across currencies): how many commissions and how much in each status. */
export function CommissionTotals({ totals }: { totals: CommissionTotal[] }) {
  const currencies = [...new Set(totals.map((t) => t.currency))].sort();
  if (currencies.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {currencies.map((currency) => (
        <Card key={currency} withBorder component="section" aria-label={`Totals in ${currency}`}>
          <Stack gap="xs">
            <Text fw={700}>{currency}</Text>
            {COMMISSION_STATUSES.map((status) => {
              const row = totals.find((t) => t.currency === currency && t.status === status);
              if (!row) return null;
              return (
                <Group key={status} justify="space-between" wrap="nowrap">
                  <Badge variant="light" color={COMMISSION_STATUS_COLORS[status]}>
                    {`${COMMISSION_STATUS_LABELS[status]} · ${row.count}`}
                  </Badge>
                  <Text fw={600} ff="monospace">
                    <Money amountMinor={row.amount_minor} currency={currency} />
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
