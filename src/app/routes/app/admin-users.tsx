import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { AdminUsersPanel } from '../../../features/admin/components/admin-users-panel';
import type { Role } from '../../../features/admin/types';
import { AdminOnly } from './admin-only';

export function openCreateUser(defaultRole: Role) {
  modals.openContextModal({
    modal: 'createUser',
    title: 'Create user',
    closeButtonProps: { 'aria-label': 'Close' },
    innerProps: { defaultRole },
  });
}

const PAGES = {
  advertiser: {
    title: 'Advertisers',
    text: 'Approve new advertisers, suspend or reactivate accounts and see their campaigns.',
  },
  publisher: {
    title: 'Publishers',
    text: 'Approve new publishers, suspend or reactivate accounts and see their websites.',
  },
} as const;

/** /admin-advertisers and /admin-publishers: one page, told which role it lists. */
export function AdminUsersPage({ userRole: role }: { userRole: 'advertiser' | 'publisher' }) {
  const user = useAuthUser();
  const page = PAGES[role];
  return (
    <AdminOnly>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{page.title}</Title>
            <Text c="dimmed">{page.text}</Text>
          </Stack>
          <Button onClick={() => openCreateUser(role)}>Create user</Button>
        </Group>
        <AdminUsersPanel key={role} userRole={role} currentUserId={user?.id ?? ''} />
      </Stack>
    </AdminOnly>
  );
}

export const AdminAdvertisersRoute = () => <AdminUsersPage userRole="advertiser" />;
export const AdminPublishersRoute = () => <AdminUsersPage userRole="publisher" />;
