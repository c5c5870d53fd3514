import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAuth } from '../../../features/auth/stores/auth-store';
import { getQuickActions } from '../../layout/quick-actions';

const ROLE_LABELS: Record<string, string> = {
  advertiser: 'Advertiser',
  publisher: 'Publisher',
  admin: 'Admin',
};

export function DashboardRoute() {
  const { user } = useAuth();
  if (!user) return null;
  const firstName = user.name.trim().split(/\s+/)[0] || user.email;
  const complete = user.profile_completion_status === 'complete';

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Welcome, {firstName}</Title>
        <Group gap="xs">
          <Badge variant="light">{ROLE_LABELS[user.role] ?? user.role}</Badge>
          <Badge variant="light" color={complete ? 'green' : 'yellow'}>
            {complete ? 'Profile complete' : 'Profile incomplete'}
          </Badge>
        </Group>
        <Text c="dimmed">Signed in as {user.email}. Pick up where you left off:</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {getQuickActions(user.role).map((action) => (
          <Card key={action.to} withBorder component={Link} to={action.to} padding="lg">
            <Text fw={600}>{action.label}</Text>
            <Text size="sm" c="dimmed">
              {action.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
