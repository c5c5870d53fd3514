import { Stack, Text, Title } from '@mantine/core';
import { MailOutboxPanel } from '../../../features/admin/components/mail-outbox-panel';
import { AdminOnly } from './admin-only';
import { useTranslation } from '../../../lib/i18n';

export function AdminMailOutboxRoute() {
  const { t } = useTranslation('app');
  return (
    <AdminOnly>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('mailOutbox.title')}</Title>
          <Text c="dimmed">{t('mailOutbox.text')}</Text>
        </Stack>
        <MailOutboxPanel />
      </Stack>
    </AdminOnly>
  );
}
