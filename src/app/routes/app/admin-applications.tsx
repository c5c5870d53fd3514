import { Stack, Text, Title } from '@mantine/core';
import { AdminApplicationsPanel } from '../../../features/admin/components/admin-applications-panel';
import { AdminOnly } from './admin-only';

export function AdminApplicationsRoute() {
  return (
    <AdminOnly>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Applications</Title>
          <Text c="dimmed">
            Every application on the platform. Decisions made here count as the advertiser&apos;s and notify
            the publisher.
          </Text>
        </Stack>
        <AdminApplicationsPanel />
      </Stack>
    </AdminOnly>
  );
}
