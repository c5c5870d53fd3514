import { Anchor, Group } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { RegisterForm } from '../../../features/auth/components/register-form';
import { useTranslation } from '../../../lib/i18n';

export function RegisterRoute() {
  const { t } = useTranslation('app');
  // a publisher's referral link: /register?ref=CODE (the quick sign-up link keeps it)
  const [params] = useSearchParams();
  const ref = params.get('ref')?.trim() || undefined;
  const keep = ref ? `?ref=${encodeURIComponent(ref)}` : '';
  return (
    <CenteredCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <Group justify="space-between">
          <Anchor component={Link} to={`/signup${keep}`} size="sm">
            {t('register.quick')}
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            {t('loginInstead')}
          </Anchor>
        </Group>
      }
    >
      <RegisterForm referralCode={ref} />
    </CenteredCard>
  );
}
