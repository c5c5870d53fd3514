import { Anchor, Group } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { CenteredCard } from '../../../components/centered-card';
import { SignupForm } from '../../../features/auth/components/signup-form';

export function SignupRoute() {
  // a publisher's referral link: /register?ref=CODE (the quick sign-up link keeps it)
  const [params] = useSearchParams();
  const ref = params.get('ref')?.trim() || undefined;
  const keep = ref ? `?ref=${encodeURIComponent(ref)}` : '';
  return (
    <CenteredCard
      title="Sign up"
      subtitle="Just an email and a password; you complete your profile next."
      footer={
        <Group justify="space-between">
          <Anchor component={Link} to={`/register${keep}`} size="sm">
            Full registration
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            Log in instead
          </Anchor>
        </Group>
      }
    >
      <SignupForm referralCode={ref} />
    </CenteredCard>
  );
}
