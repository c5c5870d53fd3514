import { useSearchParams } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { useTranslation } from '../../../lib/i18n';

export function ResetPasswordRoute() {
  const { t } = useTranslation('app');
  const [params] = useSearchParams();
  return (
    <CenteredCard title={t('reset.title')}>
      <ResetPasswordForm token={params.get('token')} />
    </CenteredCard>
  );
}
