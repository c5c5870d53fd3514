import { Stack, Text, Title } from '@mantine/core';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { FraudQueuePanel } from '../../../features/fraud/components/fraud-queue-panel';
import { useTranslation } from '../../../lib/i18n';

/** The fraud review queue: advertisers their campaigns' held commissions, admins all. */
export function FraudQueueRoute() {
  const { t } = useTranslation('fraud');
  const user = useAuthUser();
  if (!user || user.role === 'publisher') return null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <FraudQueuePanel admin={user.role === 'admin'} />
    </Stack>
  );
}
