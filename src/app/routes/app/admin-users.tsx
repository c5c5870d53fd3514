import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { AdminUsersPanel } from '../../../features/admin/components/admin-users-panel';
import type { Role } from '../../../features/admin/types';
import { AdminOnly } from './admin-only';
import { translate, useTranslation } from '../../../lib/i18n';

export function openCreateUser(defaultRole: Role) {
  modals.openContextModal({
    modal: 'createUser',
    title: translate('app', 'adminUsers.create'),
    closeButtonProps: { 'aria-label': translate('app', 'close') },
    innerProps: { defaultRole },
  });
}

/** /admin-advertisers and /admin-publishers: one page, told which role it lists. */
export function AdminUsersPage({ userRole: role }: { userRole: 'advertiser' | 'publisher' }) {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  return (
    <AdminOnly>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{t(`adminUsers.${role}.title`)}</Title>
            <Text c="dimmed">{t(`adminUsers.${role}.text`)}</Text>
          </Stack>
          <Button onClick={() => openCreateUser(role)}>{t('adminUsers.create')}</Button>
        </Group>
        <AdminUsersPanel key={role} userRole={role} currentUserId={user?.id ?? ''} />
      </Stack>
    </AdminOnly>
  );
}

export const AdminAdvertisersRoute = () => <AdminUsersPage userRole="advertiser" />;
export const AdminPublishersRoute = () => <AdminUsersPage userRole="publisher" />;
