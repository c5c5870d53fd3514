import { Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { MatchingProgress } from '../api/decide-matching-commissions';
import { useTranslation } from '../../../lib/i18n';

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
  const { t } = useTranslation('commissions');
  const selected = allMatching && matchingTotal !== null ? matchingTotal : count;
  const busy = progress !== null;
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {allMatching
            ? t('bulk.allSelected', { count: selected })
            : count > 0
              ? t('bulk.selected', { count })
              : t('bulk.hint')}
        </Text>
        {!allMatching && matchingTotal !== null && matchingTotal > count && (
          <Anchor component="button" type="button" size="sm" onClick={onSelectAllMatching}>
            {t('bulk.selectAllMatching', { count: matchingTotal })}
          </Anchor>
        )}
        {allMatching && (
          <Anchor component="button" type="button" size="sm" onClick={onClearAllMatching} disabled={busy}>
            {t('bulk.clear')}
          </Anchor>
        )}
        <Button
          size="xs"
          color="green"
          disabled={selected === 0 || busy}
          loading={approving}
          onClick={onApprove}
        >
          {allMatching ? t('bulk.approveAll') : t('bulk.approveSelected')}
        </Button>
        <Button size="xs" variant="light" color="red" disabled={selected === 0 || busy} onClick={onReject}>
          {allMatching ? t('bulk.rejectAll') : t('bulk.rejectSelected')}
        </Button>
      </Group>
      {progress && (
        <Stack gap={2} role="status" aria-label={t('bulk.progress')}>
          <Progress
            value={progress.total > 0 ? (100 * progress.done) / progress.total : 0}
            aria-label={t('bulk.decidedSoFar')}
          />
          <Text size="xs" c="dimmed">
            {t('bulk.progressText', { done: progress.done, total: progress.total })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
