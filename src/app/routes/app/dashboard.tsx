import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AnalyticsDashboard } from '../../../features/analytics/components/analytics-dashboard';
import { CacheStatsCard } from '../../../features/analytics/components/cache-stats-card';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { FraudCounts } from '../../../features/fraud/components/fraud-counts';
import { useEffectiveCurrency } from '../../hooks/use-effective-currency';
import { getQuickActions } from '../../layout/quick-actions';
import { translate, useTranslation } from '../../../lib/i18n';

/** The role's quick actions (their paths); admins also get reports, which the spec's quick actions leave out. */
function shortcuts(role: string): string[] {
  const actions = getQuickActions(role).map(({ to }) => to);
  return role === 'admin' ? [...actions, '/reports'] : actions;
}

export function DashboardRoute() {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  const { currency } = useEffectiveCurrency();
  if (!user) return null;
  const firstName = user.name.trim().split(/\s+/)[0] || user.email;
  const complete = user.profile_completion_status === 'complete';

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('dashboard.welcome', { name: firstName })}</Title>
        <Group gap="xs">
          <Badge variant="light">{t(`role.${user.role}`)}</Badge>
          <Badge variant="light" color={complete ? 'green' : 'yellow'}>
            {complete ? t('dashboard.profileComplete') : t('dashboard.profileIncomplete')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('dashboard.signedInAs', { email: user.email })}
        </Text>
      </Stack>
      <AnalyticsDashboard
        currency={currency}
        renderFraud={(fraud, role) => <FraudCounts counts={fraud} role={role} />}
      />
      {user.role === 'admin' && <CacheStatsCard />}
      <nav aria-label={t('dashboard.shortcuts')}>
        <Group gap="lg">
          {shortcuts(user.role).map((to) => (
            <Anchor key={to} component={Link} to={to} size="sm">
              {translate('layout', `quick.${to}`)}
            </Anchor>
          ))}
        </Group>
      </nav>
    </Stack>
  );
}
