import { useSearchParams } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <CenteredCard title="Choose a new password">
      <ResetPasswordForm token={params.get('token')} />
    </CenteredCard>
  );
}
