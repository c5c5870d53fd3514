import { Card, Table, Text, Title } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { formatMoney } from '../../../lib/format';
import { formatCount } from '../../../lib/format-number';
import type { AnalyticsRole, TopItem } from '../types';
import { commissionLabel } from '../utils/kpi-definitions';
import { useTranslation } from '../../../lib/i18n';

/** Advertisers rank the publishers sending them sales; publishers and the platform rank campaigns. */
const TOP_OF: Record<AnalyticsRole, 'publishers' | 'campaigns'> = {
  advertiser: 'publishers',
  publisher: 'campaigns',
  admin: 'campaigns',
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
  const { t } = useTranslation('analytics');
  const title = t(`top.${TOP_OF[role]}`);
  const noun = t(`top.noun.${TOP_OF[role]}`);
  const commission = commissionLabel(role);
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('top.empty')}
        </Text>
      ) : (
        // on a phone each row is a card with the money at the top right
        <DataTable
          minWidth={420}
          aria-label={title}
          verticalSpacing={6}
          cards={[
            'title',
            { field: t('kpi.clicks') },
            { field: t('kpi.conversions') },
            { amount: commission },
          ]}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{noun}</Table.Th>
              <Table.Th ta="right">{t('kpi.clicks')}</Table.Th>
              <Table.Th ta="right">{t('kpi.conversions')}</Table.Th>
              <Table.Th ta="right">{commission}</Table.Th>
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
