import { Button, Group } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { OnboardingWizard } from '../../../features/auth/components/onboarding-wizard';
import { useSignOut } from '../../hooks/use-sign-out';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { needsOnboarding } from '../../../features/auth/utils/needs-onboarding';
import { DEFAULT_AUTHENTICATED_PATH } from '../guards';
import { useTranslation } from '../../../lib/i18n';

export function OnboardingRoute() {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  const logout = useSignOut();
  const navigate = useNavigate();
  // RequireAuth guarantees a user; once the wizard completes onboarding this sends them on.
  if (!user || !needsOnboarding(user)) return <Navigate to={DEFAULT_AUTHENTICATED_PATH} replace />;

  return (
    <CenteredCard
      title={t('onboarding.title')}
      subtitle={t('onboarding.subtitle')}
      width={520}
      footer={
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              // Once signed out; going earlier would bounce off /login while still signed in.
              void logout().then(() => navigate('/login', { replace: true }));
            }}
          >
            {t('logOut')}
          </Button>
        </Group>
      }
    >
      <OnboardingWizard user={user} />
    </CenteredCard>
  );
}
