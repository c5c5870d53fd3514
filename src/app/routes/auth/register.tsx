import { Anchor, Group } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { RegisterForm } from '../../../features/auth/components/register-form';

export function RegisterRoute() {
  // a publisher's referral link: /register?ref=CODE (the quick sign-up link keeps it)
  const [params] = useSearchParams();
  const ref = params.get('ref')?.trim() || undefined;
  const keep = ref ? `?ref=${encodeURIComponent(ref)}` : '';
  return (
    <CenteredCard
      title="Create your account"
      subtitle="Run campaigns as an advertiser or earn commissions as a publisher."
      footer={
        <Group justify="space-between">
          <Anchor component={Link} to={`/signup${keep}`} size="sm">
            Quick sign-up
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            Log in instead
          </Anchor>
        </Group>
      }
    >
      <RegisterForm referralCode={ref} />
    </CenteredCard>
  );
}
