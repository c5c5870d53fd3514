import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { RegisterForm } from '../../../features/auth/components/register-form';

export function RegisterRoute() {
  return (
    <CenteredCard
      title="Create your account"
      subtitle="Run campaigns as an advertiser or earn commissions as a publisher."
      footer={
        <Group justify="space-between">
          <Anchor component={Link} to="/signup" size="sm">
            Quick sign-up
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            Log in instead
          </Anchor>
        </Group>
      }
    >
      <RegisterForm />
    </CenteredCard>
  );
}
