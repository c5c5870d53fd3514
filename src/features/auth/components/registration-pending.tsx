import { Alert, Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/i18n';

/** The account exists but waits for admin approval: no session, just the server's message. */
export function RegistrationPending({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack>
      <Alert color="blue" variant="light" title={t('register.created')}>
        {message}
      </Alert>
      <Anchor component={Link} to="/login">
        {t('backToLogin')}
      </Anchor>
    </Stack>
  );
}
