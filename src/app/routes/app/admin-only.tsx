import { Alert, Button, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { useTranslation } from '../../../lib/i18n';

/** Admin pages: anyone else sees why they cannot use it (the server refuses their calls anyway). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  if (!user) return null;
  if (user.role !== 'admin') {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t('adminOnly.title')}</Title>
        <Alert color="red" variant="light" title={t('adminOnly.alert')}>
          {t('adminOnly.text')}
        </Alert>
        <Button component={Link} to="/dashboard" variant="default">
          {t('goToDashboard')}
        </Button>
      </Stack>
    );
  }
  return children;
}
