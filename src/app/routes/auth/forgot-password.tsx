import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { useTranslation } from '../../../lib/i18n';

export function ForgotPasswordRoute() {
  const { t } = useTranslation('app');
  return (
    <CenteredCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Anchor component={Link} to="/login" size="sm">
          {t('backToLogin')}
        </Anchor>
      }
    >
      <ForgotPasswordForm />
    </CenteredCard>
  );
}
