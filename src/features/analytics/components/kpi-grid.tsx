import { SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { StatCard, StatCardSkeleton } from '../../../components/stat-card';
import type { AnalyticsRole, Kpis } from '../types';
import { changeOf, type Change } from '../utils/change';
import { kpisFor } from '../utils/kpi-definitions';
import { minorValue } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

const CHANGE_COLORS: Record<Change['direction'], string> = {
  up: 'teal',
  down: 'red',
  flat: 'dimmed',
  none: 'dimmed',
};

function ChangeLine({ change }: { change: Change }) {
  const { t } = useTranslation('analytics');
  return (
    <Text size="xs" c={CHANGE_COLORS[change.direction]}>
      <span aria-hidden="true">{change.text}</span>
      <VisuallyHidden>{change.spoken}</VisuallyHidden>
      <Text span c="dimmed" size="xs" aria-hidden="true">
        {' '}
        {t('change.vsPrevious')}
      </Text>
    </Text>
  );
}

interface KpiGridProps {
  role: AnalyticsRole;
  kpis: Kpis;
  previous: Kpis;
  currency: string;
}

/** The role's headline figures for the range, each with its change against the period before. */
export function KpiGrid({ role, kpis, previous, currency }: KpiGridProps) {
  // the labels come from translate(): the hook re-renders the grid when the language changes (its
  // parent is memoised on the figures)
  useTranslation('analytics');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {kpisFor(role).map((kpi) => (
        <StatCard
          key={kpi.key}
          label={kpi.label}
          value={kpi.format(minorValue(kpis[kpi.key]), currency)}
          footer={<ChangeLine change={changeOf(minorValue(kpis[kpi.key]), minorValue(previous[kpi.key]))} />}
        />
      ))}
    </SimpleGrid>
  );
}

export function KpiGridSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {Array.from({ length: 6 }, (_, i) => (
        <StatCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}
