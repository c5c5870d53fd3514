import { Button, Group, Text } from '@mantine/core';
import type { Payout } from '../types';
import { useTranslation } from '../../../lib/i18n';

interface PayoutBulkBarProps {
  /** the ticked rows still open to a decision */
  chosen: Payout[];
  approving: boolean;
  onApprove(payouts: Payout[]): void;
  onMarkPaid(payouts: Payout[]): void;
}

/** Deciding the ticked payouts together: approve the requested ones, mark the processing ones paid. */
export function PayoutBulkBar({ chosen, approving, onApprove, onMarkPaid }: PayoutBulkBarProps) {
  const { t } = useTranslation('payouts');
  const toApprove = chosen.filter((p) => p.status === 'requested');
  const toPay = chosen.filter((p) => p.status === 'processing');
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        {chosen.length > 0 ? t('bulk.selected', { count: chosen.length }) : t('bulk.hint')}
      </Text>
      <Button
        size="xs"
        color="green"
        disabled={toApprove.length === 0}
        loading={approving}
        onClick={() => onApprove(toApprove)}
      >
        {toApprove.length > 0
          ? t('bulk.approveCount', { count: toApprove.length })
          : t('bulk.approveSelected')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="green"
        disabled={toPay.length === 0}
        onClick={() => onMarkPaid(toPay)}
      >
        {toPay.length > 0 ? t('bulk.payCount', { count: toPay.length }) : t('bulk.paySelected')}
      </Button>
    </Group>
  );
}
