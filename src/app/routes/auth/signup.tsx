import { Anchor, Group } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { useTranslation } from '../../../lib/i18n';

export function SignupRoute() {
  const { t } = useTranslation('app');
  // a publisher's referral link: /register?ref=CODE (the quick sign-up link keeps it)
  const [params] = useSearchParams();
  const ref = params.get('ref')?.trim() || undefined;
  const keep = ref ? `?ref=${encodeURIComponent(ref)}` : '';
  return (
    <CenteredCard
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      footer={
        <Group justify="space-between">
          <Anchor component={Link} to={`/register${keep}`} size="sm">
            {t('signup.full')}
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            {t('loginInstead')}
          </Anchor>
        </Group>
      }
    >
      <SignupForm referralCode={ref} />
    </CenteredCard>
  );
}
