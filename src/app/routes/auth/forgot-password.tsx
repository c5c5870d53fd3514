import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  return (
    <CenteredCard
      title="Forgot your password?"
      subtitle="We will email you a link to choose a new one."
      footer={
        <Anchor component={Link} to="/login" size="sm">
          Back to login
        </Anchor>
      }
    >
      <ForgotPasswordForm />
    </CenteredCard>
  );
}
