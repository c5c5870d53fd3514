import { Stack, Text, Title } from '@mantine/core';
import { AdminApplicationsPanel } from '../../../features/admin/components/admin-applications-panel';
import { AdminOnly } from './admin-only';
import { useTranslation } from '../../../lib/i18n';

export function AdminApplicationsRoute() {
  const { t } = useTranslation('app');
  return (
    <AdminOnly>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('adminApplications.title')}</Title>
          <Text c="dimmed">{t('adminApplications.text')}</Text>
        </Stack>
        <AdminApplicationsPanel />
      </Stack>
    </AdminOnly>
  );
}
