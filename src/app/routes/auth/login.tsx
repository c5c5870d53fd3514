import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { LoginForm } from '../../../features/auth/components/login-form';

export function LoginRoute() {
  // Keep the remembered location when switching to registration and back.
  const { state } = useLocation();
  return (
    <CenteredCard
      title="Log in"
      subtitle="Welcome back to Affilio."
      footer={
        <Group justify="space-between">
          <Anchor component={Link} to="/register" state={state} size="sm">
            Create an account
          </Anchor>
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
      }
    >
      <LoginForm />
    </CenteredCard>
  );
}
