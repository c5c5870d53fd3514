import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../lib/format-number';
import { useTranslation } from '../../../lib/i18n';

interface FraudCountsProps {
  counts: { held: number; rejected_for_fraud: number };
  role: 'admin' | 'advertiser' | 'publisher';
}

/**
 * Held-for-review and rejected-for-fraud counts of a dashboard or report: advertisers and admins get a link to
 * the review queue; publishers see how many of their commissions are under review (when any are).
 */
export function FraudCounts({ counts, role }: FraudCountsProps) {
  const { t } = useTranslation('fraud');
  if (role === 'publisher') {
    // nothing held is nothing to say: a publisher's dashboard has no "0 commissions under review"
    if (counts.held === 0) return null;
    return (
      <Paper withBorder p="sm" aria-label={t('counts.label')} role="region">
        <Text size="sm">
          {t('counts.underReview', { count: counts.held, shown: formatCount(counts.held) })}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="sm" aria-label={t('counts.label')} role="region">
      <Group gap="lg" wrap="wrap" justify="space-between">
        <Group gap="lg" wrap="wrap">
          <Text size="sm">{t('counts.held', { count: counts.held, shown: formatCount(counts.held) })}</Text>
          <Text size="sm">
            {t('counts.rejected', {
              count: counts.rejected_for_fraud,
              shown: formatCount(counts.rejected_for_fraud),
            })}
          </Text>
        </Group>
        <Anchor component={Link} to="/fraud" size="sm">
          {t('counts.openQueue')}
        </Anchor>
      </Group>
    </Paper>
  );
}
