import { Button, Group, Text } from '@mantine/core';
import { pluralCommissions as plural } from '../utils/format';

interface CommissionBulkBarProps {
  /** the ticked rows still open to a decision */
  count: number;
  approving: boolean;
  onApprove(): void;
  onReject(): void;
}

/** Deciding the ticked commissions together (advertisers and admins). */
export function CommissionBulkBar({ count, approving, onApprove, onReject }: CommissionBulkBarProps) {
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        {count > 0 ? `${plural(count)} selected` : 'Tick pending commissions to decide them together.'}
      </Text>
      <Button size="xs" color="green" disabled={count === 0} loading={approving} onClick={onApprove}>
        Approve selected
      </Button>
      <Button size="xs" variant="light" color="red" disabled={count === 0} onClick={onReject}>
        Reject selected
      </Button>
    </Group>
  );
}
