import { Alert, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useDisplayMoney } from '../../../lib/display-money';
import { Money } from '../../../components/money';
import { useCommissionBalance } from '../api/get-commission-balance';

/** A publisher's balance: approved and unpaid (what a payout takes, clawbacks included) and pending. */
export function BalanceCard() {
  const balance = useCommissionBalance();
  const display = useDisplayMoney();
  return (
    <Card withBorder component="section" aria-labelledby="balance-heading">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4" id="balance-heading">
            Balance
          </Title>
          <Text size="xs" c="dimmed">
            {`Approved and not yet paid out, per currency${display ? `, shown in ${display.currency}` : ''}`}
          </Text>
        </Group>
        {balance.isPending && <Loader size="sm" aria-label="Loading balance" />}
        {balance.error && (
          <Alert color="red" variant="light">
            {errorMessage(balance.error, 'Could not load your balance.')}
          </Alert>
        )}
        {balance.data?.length === 0 && <Text c="dimmed">Nothing earned yet.</Text>}
        {balance.data && balance.data.length > 0 && (
          <Table aria-label="Balance per currency">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Currency</Table.Th>
                <Table.Th ta="right">Available</Table.Th>
                <Table.Th ta="right">Pending</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {balance.data.map((row) => (
                <Table.Tr key={row.currency}>
                  <Table.Td>{row.currency}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    <Money amountMinor={row.approved_minor} currency={row.currency} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amountMinor={row.pending_minor} currency={row.currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
