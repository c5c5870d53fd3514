import { Stack, Text, Title } from '@mantine/core';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { ReferralsPanel } from '../../../features/referrals/components/referrals-panel';
import { useTranslation } from '../../../lib/i18n';
import { RoleNotice } from './role-notice';

/** A publisher's referral programme (issue 46); other roles are told it is a publisher's page. */
export function ReferralsRoute() {
  const { t } = useTranslation('referrals');
  const user = useAuthUser();
  if (user?.role !== 'publisher') {
    return (
      <RoleNotice
        title={t('page.title')}
        text={t('page.publishersOnly')}
        link={{ to: '/dashboard', label: t('page.toDashboard') }}
      />
    );
  }
  return (
    <Stack gap="md">
      <Title order={1}>{t('page.title')}</Title>
      <Text c="dimmed">{t('page.intro')}</Text>
      <ReferralsPanel />
    </Stack>
  );
}
