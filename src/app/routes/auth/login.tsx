import { Anchor, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useTranslation } from '../../../lib/i18n';

export function LoginRoute() {
  const { t } = useTranslation('app');
  // Keep the remembered location when switching to registration and back.
  const { state } = useLocation();
  return (
    <CenteredCard
      title={t('login.title')}
      pitch={t('login.pitch')}
      footer={
        <Group justify="space-between">
          <Text size="sm">
            {t('login.newHere')}{' '}
            <Anchor component={Link} to="/register" state={state} inherit>
              {t('login.createAccount')}
            </Anchor>
          </Text>
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
      }
    >
      <LoginForm />
    </CenteredCard>
  );
}
