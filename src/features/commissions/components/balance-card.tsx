import { Alert, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useDisplayMoney } from '../../../lib/display-money';
import { useTranslation } from '../../../lib/i18n';
import { Money } from '../../../components/money';
import { useCommissionBalance } from '../api/get-commission-balance';
import type { CommissionBalance } from '../types';

interface BalanceCardProps {
  /** an extra cell per currency (the page puts "Request payout" there) */
  renderAction?: (row: CommissionBalance) => ReactNode;
}

/** A publisher's balance: approved and unpaid (what a payout takes, clawbacks included) and pending. */
export function BalanceCard({ renderAction }: BalanceCardProps = {}) {
  const { t } = useTranslation('commissions');
  const balance = useCommissionBalance();
  const display = useDisplayMoney();
  // on a phone the action gets a row of its own under its currency instead of a fourth column
  const narrow = useMediaQuery('(max-width: 40em)') ?? false;
  const actionColumn = renderAction !== undefined && !narrow;
  return (
    <Card withBorder component="section" aria-labelledby="balance-heading">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id="balance-heading">
            {t('balance.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {display ? t('balance.noteShown', { currency: display.currency }) : t('balance.note')}
          </Text>
        </Group>
        {balance.isPending && <Loader size="sm" aria-label={t('balance.loading')} />}
        {balance.error && (
          <Alert color="red" variant="light">
            {errorMessage(balance.error, t('balance.error'))}
          </Alert>
        )}
        {balance.data?.length === 0 && <Text c="dimmed">{t('balance.empty')}</Text>}
        {balance.data && balance.data.length > 0 && (
          <Table aria-label={t('balance.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('balance.currency')}</Table.Th>
                <Table.Th ta="right">{t('balance.available')}</Table.Th>
                <Table.Th ta="right">{t('balance.pending')}</Table.Th>
                {actionColumn && <Table.Th ta="right">{t('balance.payout')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {balance.data.map((row) => (
                <Fragment key={row.currency}>
                  <Table.Tr style={renderAction && narrow ? { borderBottom: 0 } : undefined}>
                    <Table.Td>{row.currency}</Table.Td>
                    <Table.Td ta="right" fw={700}>
                      <Money amountMinor={row.approved_minor} currency={row.currency} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amountMinor={row.pending_minor} currency={row.currency} />
                    </Table.Td>
                    {actionColumn && <Table.Td ta="right">{renderAction?.(row)}</Table.Td>}
                  </Table.Tr>
                  {renderAction && narrow && (
                    <Table.Tr>
                      <Table.Td colSpan={3} ta="right" pt={0}>
                        {renderAction(row)}
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
