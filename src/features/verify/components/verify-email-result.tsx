import { Alert, Loader, Stack, Text } from '@mantine/core';
import axios from 'axios';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useVerifyEmail } from '../api/verify-email';

interface VerifyEmailResultProps {
  token: string | null;
  /** after a confirmed address: e.g. refresh the signed-in user so the banner goes */
  onVerified?: () => void;
}

/** The /verify-email page's body: follows the link's token once and says how it went. */
export function VerifyEmailResult({ token, onVerified }: VerifyEmailResultProps) {
  const { t } = useTranslation('verify');
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    // once per link, also under StrictMode's double effects: a token works only once
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token, { onSuccess: () => onVerified?.() });
  }, [token, verify, onVerified]);

  if (!token || verify.isError) {
    const limited = axios.isAxiosError(verify.error) && verify.error.response?.status === 429;
    return (
      <Alert color="red" variant="light" title={t('failedTitle')}>
        {limited ? t('tooManyAttempts') : t('linkInvalid')}
      </Alert>
    );
  }
  if (verify.isSuccess) {
    return (
      <Alert color="green" variant="light" title={t('verifiedTitle')}>
        {t('verifiedBody')}
      </Alert>
    );
  }
  return (
    <Stack align="center">
      <Loader aria-label={t('verifying')} />
      <Text size="sm">{t('verifying')}</Text>
    </Stack>
  );
}
