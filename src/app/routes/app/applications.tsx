import { Stack, Text, Title } from '@mantine/core';
import { ApplicationsList } from '../../../features/applications/components/applications-list';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { RoleNotice } from './role-notice';

export function ApplicationsRoute() {
  const user = useAuthUser();
  if (user?.role !== 'publisher') {
    return (
      <RoleNotice
        title="Applications"
        text="This page lists a publisher's own applications. Advertisers decide on applications from a campaign's Publishers view."
      />
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Applications</Title>
        <Text c="dimmed">Your applications to campaigns. Approved ones come with your tracking link.</Text>
      </Stack>
      <ApplicationsList />
    </Stack>
  );
}
