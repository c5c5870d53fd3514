import { Alert } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** Shown on the sign-up forms reached through a publisher's referral link. */
export function ReferralNote({ code }: { code: string }) {
  const { t } = useTranslation('referrals');
  return (
    <Alert variant="light" title={t('register.title')}>
      {t('register.note', { code })}
    </Alert>
  );
}
