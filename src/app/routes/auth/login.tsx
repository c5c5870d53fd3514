import { Anchor, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { LoginForm } from '../../../features/auth/components/login-form';

export function LoginRoute() {
  // Keep the remembered location when switching to registration and back.
  const { state } = useLocation();
  return (
    <CenteredCard
      title="Log in"
      pitch="The affiliate marketplace where advertisers and publishers grow together."
      footer={
        <Group justify="space-between">
          <Text size="sm">
            New here?{' '}
            <Anchor component={Link} to="/register" state={state} inherit>
              Create an account
            </Anchor>
          </Text>
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
