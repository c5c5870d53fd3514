import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { SignupForm } from '../../../features/auth/components/signup-form';

export function SignupRoute() {
  return (
    <CenteredCard
      title="Sign up"
      subtitle="Just an email and a password; you complete your profile next."
      footer={
        <Group justify="space-between">
          <Anchor component={Link} to="/register" size="sm">
            Full registration
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            Log in instead
          </Anchor>
        </Group>
      }
    >
      <SignupForm />
    </CenteredCard>
  );
}
