import { Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { Money } from '../../../components/money';
import { commissionReasonText } from '../../../lib/commission-reason';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import type { FraudQueueItem } from '../types';
import { reasonText } from '../utils/reason-text';

interface QueueRowProps {
  item: FraudQueueItem;
  /** held items can be ticked and decided; rejected ones are only shown */
  held: boolean;
  checked: boolean;
  busy: boolean;
  onToggle(): void;
  onApprove(): void;
  /** asks for the reason first */
  onReject(): void;
  onSuspend?: () => void;
}

/**
 * One commission of the review queue: campaign, publisher, score, commission, the rules that fired, the
 * click and the publisher's record; its own Approve and Reject, so on a phone a card is decided where it is
 * read (the bar above the list decides the ticked ones).
 */
export function QueueRow({
  item,
  held,
  checked,
  busy,
  onToggle,
  onApprove,
  onReject,
  onSuspend,
}: QueueRowProps) {
  const { t } = useTranslation('fraud');
  const { t: tc } = useTranslation('common');
  const h = item.publisher_history;
  const names = { publisher: item.publisher.name, campaign: item.campaign.name };
  return (
    <Table.Tr>
      <Table.Td>
        {held && (
          <Checkbox
            aria-label={t('select', { id: item.commission_id })}
            checked={checked}
            onChange={onToggle}
          />
        )}
      </Table.Td>
      <Table.Td>{item.campaign.name}</Table.Td>
      <Table.Td>
        {item.publisher.name}
        {item.publisher.status !== 'active' && (
          <Badge ml="xs" color="gray" size="xs">
            {tc(`status.user.${item.publisher.status}`)}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        {/* as wide as its words: a narrow column cut it to "S…" */}
        <Badge color={item.on_review ? 'orange' : 'red'} miw="max-content">
          {t('score', { score: item.fraud_score })}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Money amountMinor={item.amount_minor} currency={item.currency} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {item.fraud_reasons.map((r) => (
            <Text key={r.rule} size="sm">
              <b>{t(`rule.${r.rule}`)}</b> (+{r.weight}): {reasonText(r)}
            </Text>
          ))}
          {!held && item.reason && (
            <Text size="sm" c="dimmed">
              {t('decidedReason', { reason: commissionReasonText(item.reason) })}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {item.click ? (
          <Text size="xs" c="dimmed">
            {formatDateTime(item.click.created_at)} · {item.click.country ?? '–'} ·{' '}
            {item.conversion ? `${t('order')} ${item.conversion.order_id}` : t('cpcClick')}
          </Text>
        ) : (
          '–'
        )}
      </Table.Td>
      <Table.Td>
        <Text size="xs">
          {t('history', {
            approved: formatCount(h.approved),
            rejected: formatCount(h.rejected),
            held: formatCount(h.held),
            fraud: formatCount(h.rejected_for_fraud),
            clicks: formatCount(h.clicks_30d),
            conversions: formatCount(h.conversions_30d),
          })}
        </Text>
      </Table.Td>
      <Table.Td>
        {(held || onSuspend) && (
          <Group gap={6}>
            {held && (
              <>
                <Button
                  size="xs"
                  color="green"
                  loading={busy}
                  aria-label={t('approveOne', names)}
                  onClick={onApprove}
                >
                  {t('approve')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  disabled={busy}
                  aria-label={t('rejectOne', names)}
                  onClick={onReject}
                >
                  {t('reject')}
                </Button>
              </>
            )}
            {onSuspend && (
              <Button size="xs" color="red" variant="subtle" onClick={onSuspend}>
                {t('suspend')}
              </Button>
            )}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
