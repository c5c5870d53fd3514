import { Button, Group } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { OnboardingWizard } from '../../../features/auth/components/onboarding-wizard';
import { useSignOut } from '../../hooks/use-sign-out';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { needsOnboarding } from '../../../features/auth/utils/needs-onboarding';
import { DEFAULT_AUTHENTICATED_PATH } from '../guards';

export function OnboardingRoute() {
  const user = useAuthUser();
  const logout = useSignOut();
  const navigate = useNavigate();
  // RequireAuth guarantees a user; once the wizard completes onboarding this sends them on.
  if (!user || !needsOnboarding(user)) return <Navigate to={DEFAULT_AUTHENTICATED_PATH} replace />;

  return (
    <CenteredCard
      title="Complete your profile"
      subtitle="A few details before you start."
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
            Log out
          </Button>
        </Group>
      }
    >
      <OnboardingWizard user={user} />
    </CenteredCard>
  );
}
