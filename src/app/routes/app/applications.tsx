import { Stack, Text, Title } from '@mantine/core';
import { AdminApplicationsPanel } from '../../../features/admin/components/admin-applications-panel';
import { ApplicationsList } from '../../../features/applications/components/applications-list';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { useTranslation } from '../../../lib/i18n';

/**
 * /applications (where an application's notification and the dashboard's to-do lead): a publisher's own
 * applications; for an advertiser those to their campaigns, to decide on; for an admin all of them.
 */
export function ApplicationsRoute() {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('applications.title')}</Title>
        <Text c="dimmed">{t(`applications.text.${user.role}`)}</Text>
      </Stack>
      {user.role === 'publisher' ? <ApplicationsList /> : <AdminApplicationsPanel viewer={user.role} />}
    </Stack>
  );
}
