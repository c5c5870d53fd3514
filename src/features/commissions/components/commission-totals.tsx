import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Money } from '../../../components/money';
import { displaySum, useDisplayMoney } from '../../../lib/display-money';
import { useTranslation } from '../../../lib/i18n';
import { COMMISSION_STATUS_COLORS, type CommissionTotal } from '../types';
import { COMMISSION_STATUSES } from '../../../../contracts/commissions';

/**
 * A card per currency the commissions were earned in: how many and how much in each status, shown in the
 * display currency like every figure (the card says so, the original is on hover). With more than one
 * currency, a last card adds them up in the display currency.
 */
export function CommissionTotals({ totals }: { totals: CommissionTotal[] }) {
  const { t } = useTranslation('commissions');
  const display = useDisplayMoney();
  const currencies = [...new Set(totals.map((t) => t.currency))].sort();
  if (currencies.length === 0) return null;
  const all =
    display && currencies.length > 1
      ? COMMISSION_STATUSES.flatMap((status) => {
          const rows = totals.filter((t) => t.status === status);
          if (rows.length === 0) return [];
          const sum = displaySum(
            rows.map((t) => ({ amountMinor: t.amount_minor, currency: t.currency })),
            display,
          );
          const count = rows.reduce((n, t) => n + t.count, 0);
          return sum === null ? [] : [{ status, count, figure: sum }];
        })
      : [];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {currencies.map((currency) => (
        <TotalsCard
          key={currency}
          label={t('totals.label', { currency })}
          title={t('totals.title', { currency })}
          subtitle={
            display && display.currency !== currency
              ? t('totals.shownIn', { currency: display.currency })
              : null
          }
          rows={COMMISSION_STATUSES.flatMap((status) => {
            const row = totals.find((t) => t.currency === currency && t.status === status);
            return row
              ? [
                  {
                    status,
                    count: row.count,
                    figure: <Money amountMinor={row.amount_minor} currency={currency} />,
                  },
                ]
              : [];
          })}
        />
      ))}
      {display && all.length > 0 && (
        <TotalsCard
          label={t('totals.allLabel', { currency: display.currency })}
          title={t('totals.allTitle')}
          subtitle={t('totals.allSubtitle', { currency: display.currency })}
          rows={all}
        />
      )}
    </SimpleGrid>
  );
}

interface TotalsRow {
  status: (typeof COMMISSION_STATUSES)[number];
  count: number;
  figure: ReactNode;
}

function TotalsCard(props: { label: string; title: string; subtitle: string | null; rows: TotalsRow[] }) {
  const { t } = useTranslation('commissions');
  return (
    <Card withBorder component="section" aria-label={props.label}>
      <Stack gap="xs">
        <div>
          <Text fw={700}>{props.title}</Text>
          {props.subtitle && (
            <Text size="xs" c="dimmed">
              {props.subtitle}
            </Text>
          )}
        </div>
        {props.rows.map(({ status, count, figure }) => (
          <Group key={status} justify="space-between" wrap="nowrap">
            <Badge variant="light" color={COMMISSION_STATUS_COLORS[status]}>
              {`${t(`status.${status}`)} · ${count}`}
            </Badge>
            <Text fw={600} ff="monospace">
              {figure}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
