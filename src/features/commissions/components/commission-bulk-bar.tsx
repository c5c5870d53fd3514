import { Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { MatchingProgress } from '../api/decide-matching-commissions';
import { pluralCommissions as plural } from '../utils/format';

interface CommissionBulkBarProps {
  /** the ticked rows still open to a decision */
  count: number;
  approving: boolean;
  onApprove(): void;
  onReject(): void;
  /** pending commissions matching the filters on every page, offered once the whole page is ticked */
  matchingTotal: number | null;
  /** every matching commission is selected, not only the ticked rows */
  allMatching: boolean;
  onSelectAllMatching(): void;
  onClearAllMatching(): void;
  /** a decision of all matching commissions under way */
  progress: MatchingProgress | null;
}

/** Deciding the ticked commissions together, or every one matching the filters (advertisers and admins). */
export function CommissionBulkBar({
  count,
  approving,
  onApprove,
  onReject,
  matchingTotal,
  allMatching,
  onSelectAllMatching,
  onClearAllMatching,
  progress,
}: CommissionBulkBarProps) {
  const selected = allMatching && matchingTotal !== null ? matchingTotal : count;
  const busy = progress !== null;
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {allMatching
            ? `All ${plural(selected)} matching these filters selected.`
            : count > 0
              ? `${plural(count)} selected`
              : 'Tick pending commissions to decide them together.'}
        </Text>
        {!allMatching && matchingTotal !== null && matchingTotal > count && (
          <Anchor component="button" type="button" size="sm" onClick={onSelectAllMatching}>
            {`Select all ${matchingTotal.toLocaleString('en')} matching`}
          </Anchor>
        )}
        {allMatching && (
          <Anchor component="button" type="button" size="sm" onClick={onClearAllMatching} disabled={busy}>
            Clear selection
          </Anchor>
        )}
        <Button
          size="xs"
          color="green"
          disabled={selected === 0 || busy}
          loading={approving}
          onClick={onApprove}
        >
          {allMatching ? 'Approve all matching' : 'Approve selected'}
        </Button>
        <Button size="xs" variant="light" color="red" disabled={selected === 0 || busy} onClick={onReject}>
          {allMatching ? 'Reject all matching' : 'Reject selected'}
        </Button>
      </Group>
      {progress && (
        <Stack gap={2} role="status" aria-label="Bulk decision progress">
          <Progress
            value={progress.total > 0 ? (100 * progress.done) / progress.total : 0}
            aria-label="Decided so far"
          />
          <Text size="xs" c="dimmed">
            {`${progress.done.toLocaleString('en')} of ${progress.total.toLocaleString('en')} decided…`}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
