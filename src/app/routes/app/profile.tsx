import { Paper, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';
import { ProfileForm } from '../../../features/auth/components/profile-form';
import { SessionsCard } from '../../../features/auth/components/sessions-card';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { showToast } from '../../../lib/toast';
import { useSignOutEverywhere } from '../../hooks/use-sign-out';
import { useTranslation } from '../../../lib/i18n';

export function ProfileRoute() {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  const signOutEverywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  if (!user) return null;

  const onSignOutEverywhere = async () => {
    await signOutEverywhere();
    void navigate('/login', { replace: true });
    showToast({
      title: t('profile.signedOutEverywhere'),
      message: t('profile.logInAgain'),
      color: 'green',
    });
  };

  return (
    <Stack gap="xl" maw={640}>
      <Title order={1}>{t('profile.title')}</Title>
      <Paper withBorder p="lg">
        <ProfileForm user={user} />
      </Paper>
      <Paper withBorder p="lg">
        <Stack>
          <Title order={2} size="h3">
            {t('profile.changePassword')}
          </Title>
          <ChangePasswordForm />
        </Stack>
      </Paper>
      <Paper withBorder p="lg" component="section" aria-label={t('profile.sessions')}>
        <SessionsCard onSignOutEverywhere={onSignOutEverywhere} />
      </Paper>
    </Stack>
  );
}
