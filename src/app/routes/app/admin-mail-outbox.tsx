import { Stack, Text, Title } from '@mantine/core';
import { MailOutboxPanel } from '../../../features/admin/components/mail-outbox-panel';
import { AdminOnly } from './admin-only';

export function AdminMailOutboxRoute() {
  return (
    <AdminOnly>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Mail outbox</Title>
          <Text c="dimmed">
            No SMTP server is configured: the mail the platform would have sent (password resets, notices) is
            kept here, newest first.
          </Text>
        </Stack>
        <MailOutboxPanel />
      </Stack>
    </AdminOnly>
  );
}
