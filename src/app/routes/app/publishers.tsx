import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { PublishersDirectory } from '../../../features/publishers/components/publishers-directory';
import { openPublisherCard } from './marketplace-modal-contents';
import { RoleNotice } from './role-notice';

export function PublishersRoute() {
  const user = useAuthUser();
  if (user?.role === 'publisher') {
    return <RoleNotice title="Publishers" text="The publisher directory is for advertisers and admins." />;
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Publishers</Title>
          <Text c="dimmed">Publishers and the reach of their verified websites.</Text>
        </Stack>
        <Button
          variant="default"
          onClick={() =>
            modals.openContextModal({ modal: 'publisherSearch', title: 'Search publishers', innerProps: {} })
          }
        >
          Quick search
        </Button>
      </Group>
      <PublishersDirectory onOpen={openPublisherCard} />
    </Stack>
  );
}
