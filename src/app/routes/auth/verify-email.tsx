import { Anchor } from '@mantine/core';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { useAuthStore } from '../../../features/auth/stores/auth-store';
import { VerifyEmailResult } from '../../../features/verify/components/verify-email-result';
import { useTranslation } from '../../../lib/i18n';

/** /verify-email?token=…: where the e-mailed confirmation link lands, signed in or not. */
export function VerifyEmailRoute() {
  const { t } = useTranslation('verify');
  const [params] = useSearchParams();
  const store = useAuthStore();
  // a signed-in user's banner goes once /auth/me says the address is confirmed
  const refreshUser = useCallback(() => void store.revalidate().catch(() => undefined), [store]);
  return (
    <CenteredCard
      title={t('pageTitle')}
      footer={
        <Anchor component={Link} to="/dashboard" size="sm">
          {t('continue')}
        </Anchor>
      }
    >
      <VerifyEmailResult token={params.get('token')} onVerified={refreshUser} />
    </CenteredCard>
  );
}
