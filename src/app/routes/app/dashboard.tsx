import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AnalyticsDashboard } from '../../../features/analytics/components/analytics-dashboard';
import { CacheStatsCard } from '../../../features/analytics/components/cache-stats-card';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { useEffectiveCurrency } from '../../hooks/use-effective-currency';
import { getQuickActions } from '../../layout/quick-actions';

const ROLE_LABELS: Record<string, string> = {
  advertiser: 'Advertiser',
  publisher: 'Publisher',
  admin: 'Admin',
};

/** The role's quick actions; admins also get reports, which the spec's quick actions leave out. */
function shortcuts(role: string): { to: string; label: string }[] {
  const actions = getQuickActions(role).map(({ to, label }) => ({ to, label }));
  return role === 'admin' ? [...actions, { to: '/reports', label: 'Reports' }] : actions;
}

export function DashboardRoute() {
  const user = useAuthUser();
  const { currency } = useEffectiveCurrency();
  if (!user) return null;
  const firstName = user.name.trim().split(/\s+/)[0] || user.email;
  const complete = user.profile_completion_status === 'complete';

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Welcome, {firstName}</Title>
        <Group gap="xs">
          <Badge variant="light">{ROLE_LABELS[user.role] ?? user.role}</Badge>
          <Badge variant="light" color={complete ? 'green' : 'yellow'}>
            {complete ? 'Profile complete' : 'Profile incomplete'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Signed in as {user.email}.
        </Text>
      </Stack>
      <AnalyticsDashboard currency={currency} />
      {user.role === 'admin' && <CacheStatsCard />}
      <nav aria-label="Shortcuts">
        <Group gap="lg">
          {shortcuts(user.role).map((action) => (
            <Anchor key={action.to} component={Link} to={action.to} size="sm">
              {action.label}
            </Anchor>
          ))}
        </Group>
      </nav>
    </Stack>
  );
}
