import { Stack, Text, Title } from '@mantine/core';
import { AuditLogPanel } from '../../../features/admin/components/audit-log-panel';
import { AdminOnly } from './admin-only';

export function AdminAuditLogRoute() {
  return (
    <AdminOnly>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Audit log</Title>
          <Text c="dimmed">
            Changes to money, permissions and decisions: who made them, what changed and when.
          </Text>
        </Stack>
        <AuditLogPanel />
      </Stack>
    </AdminOnly>
  );
}
