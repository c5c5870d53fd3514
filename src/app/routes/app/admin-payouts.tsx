import { Stack, Text, Title } from '@mantine/core';
import { usePublisherOptions } from '../../../features/admin/api/get-publisher-options';
import { PayoutQueue } from '../../../features/payouts/components/payout-queue';
import { AdminOnly } from './admin-only';
import { useTranslation } from '../../../lib/i18n';

export function AdminPayoutsRoute() {
  return (
    <AdminOnly>
      <AdminPayoutsPage />
    </AdminOnly>
  );
}

function AdminPayoutsPage() {
  const { t } = useTranslation('app');
  const publishers = usePublisherOptions();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('adminPayouts.title')}</Title>
        <Text c="dimmed">{t('adminPayouts.text')}</Text>
      </Stack>
      <PayoutQueue publisherOptions={publishers.data ?? []} />
    </Stack>
  );
}
