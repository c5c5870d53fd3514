import { Stack, Text, Title } from '@mantine/core';
import { usePublisherOptions } from '../../../features/admin/api/get-publisher-options';
import { PayoutQueue } from '../../../features/payouts/components/payout-queue';
import { AdminOnly } from './admin-only';

export function AdminPayoutsRoute() {
  return (
    <AdminOnly>
      <AdminPayoutsPage />
    </AdminOnly>
  );
}

function AdminPayoutsPage() {
  const publishers = usePublisherOptions();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Payouts</Title>
        <Text c="dimmed">
          Payouts publishers requested: approve them, send the transfer, then mark them paid with its
          reference, or failed with the reason (their commissions return to the balance).
        </Text>
      </Stack>
      <PayoutQueue publisherOptions={publishers.data ?? []} />
    </Stack>
  );
}
