import { Stack, Text, Title } from '@mantine/core';
import { AuditLogPanel } from '../../../features/admin/components/audit-log-panel';
import { AdminOnly } from './admin-only';
import { useTranslation } from '../../../lib/i18n';

export function AdminAuditLogRoute() {
  const { t } = useTranslation('app');
  return (
    <AdminOnly>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('auditLog.title')}</Title>
          <Text c="dimmed">{t('auditLog.text')}</Text>
        </Stack>
        <AuditLogPanel />
      </Stack>
    </AdminOnly>
  );
}
