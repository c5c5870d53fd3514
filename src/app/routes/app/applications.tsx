import { Stack, Text, Title } from '@mantine/core';
import { AdminApplicationsPanel } from '../../../features/admin/components/admin-applications-panel';
import { ApplicationsList } from '../../../features/applications/components/applications-list';
import { useAuthUser } from '../../../features/auth/stores/auth-store';

const DESCRIPTIONS = {
  publisher: 'Your applications to campaigns. Approved ones come with your tracking link.',
  advertiser: "Publishers' applications to your campaigns: approve, reject or suspend them.",
  admin: 'Every application on the platform; decide on behalf of the campaign’s advertiser.',
} as const;

/**
 * /applications (where an application's notification and the dashboard's to-do lead): a publisher's own
 * applications; for an advertiser those to their campaigns, to decide on; for an admin all of them.
 */
export function ApplicationsRoute() {
  const user = useAuthUser();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Applications</Title>
        <Text c="dimmed">{DESCRIPTIONS[user.role]}</Text>
      </Stack>
      {user.role === 'publisher' ? <ApplicationsList /> : <AdminApplicationsPanel viewer={user.role} />}
    </Stack>
  );
}
