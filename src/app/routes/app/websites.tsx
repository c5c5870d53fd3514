import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { WebsitesTable } from '../../../features/websites/components/websites-table';
import type { Website } from '../../../features/websites/types';
import { RoleNotice } from './role-notice';

function openWebsite(website?: Website) {
  modals.openContextModal({
    modal: 'website',
    title: website ? `Edit ${website.name}` : 'Add website',
    innerProps: { website },
  });
}

function confirmDelete(website: Website): Promise<boolean> {
  return new Promise((resolve) =>
    modals.openConfirmModal({
      title: 'Delete website',
      children: <Text size="sm">Delete {website.url}? Its verification is lost.</Text>,
      labels: { confirm: 'Delete website', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    }),
  );
}

export function WebsitesRoute() {
  const user = useAuthUser();
  if (user?.role !== 'publisher') {
    return (
      <RoleNotice
        title="Websites"
        text="Websites belong to publishers; this page is for publisher accounts."
      />
    );
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Websites</Title>
          <Text c="dimmed">Add your websites and verify you own them before applying to campaigns.</Text>
        </Stack>
        <Button onClick={() => openWebsite()}>Add website</Button>
      </Group>
      <WebsitesTable onEdit={openWebsite} confirmDelete={confirmDelete} />
    </Stack>
  );
}
