import { Card, Table, Text, Title } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { formatMoney } from '../../../lib/format';
import { formatCount } from '../../../lib/format-number';
import type { AnalyticsRole, TopItem } from '../types';
import { COMMISSION_LABELS } from '../utils/kpi-definitions';

/** Advertisers rank the publishers sending them sales; publishers and the platform rank campaigns. */
const TOP_TITLES: Record<AnalyticsRole, { title: string; noun: string }> = {
  advertiser: { title: 'Top publishers', noun: 'Publisher' },
  publisher: { title: 'Top campaigns', noun: 'Campaign' },
  admin: { title: 'Top campaigns', noun: 'Campaign' },
};

export function TopList({
  role,
  items,
  currency,
}: {
  role: AnalyticsRole;
  items: TopItem[];
  currency: string;
}) {
  const { title, noun } = TOP_TITLES[role];
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing earned commission in this period.
        </Text>
      ) : (
        // on a phone each row is a card with the money at the top right
        <DataTable
          minWidth={420}
          aria-label={title}
          verticalSpacing={6}
          cards={[
            'title',
            { field: 'Clicks' },
            { field: 'Conversions' },
            { amount: COMMISSION_LABELS[role] },
          ]}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{noun}</Table.Th>
              <Table.Th ta="right">Clicks</Table.Th>
              <Table.Th ta="right">Conversions</Table.Th>
              <Table.Th ta="right">{COMMISSION_LABELS[role]}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.label}</Table.Td>
                <Table.Td ta="right">{formatCount(item.clicks)}</Table.Td>
                <Table.Td ta="right">{formatCount(item.conversions)}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.commission_minor, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
    </Card>
  );
}
