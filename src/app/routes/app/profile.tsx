import { Paper, Stack, Title } from '@mantine/core';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';
import { ProfileForm } from '../../../features/auth/components/profile-form';
import { useAuth } from '../../../features/auth/stores/auth-store';

export function ProfileRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack gap="xl" maw={640}>
      <Title order={1}>Profile</Title>
      <Paper withBorder p="lg">
        <ProfileForm user={user} />
      </Paper>
      <Paper withBorder p="lg">
        <Stack>
          <Title order={2} size="h3">
            Change password
          </Title>
          <ChangePasswordForm />
        </Stack>
      </Paper>
    </Stack>
  );
}
