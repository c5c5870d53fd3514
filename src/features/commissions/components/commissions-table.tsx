import { Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { COMMISSION_STATUS_COLORS, type Commission, type CommissionViewer } from '../types';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../lib/i18n';
import { commissionReasonText } from '../../../lib/commission-reason';
import { formatDate } from '../../../lib/format-date';
import { commissionLabel, ruleLabel } from '../utils/format';

export type RowDecision = 'approve' | 'reject' | 'reverse';

interface CommissionsTableProps {
  items: Commission[];
  viewer: CommissionViewer;
  selected: ReadonlySet<string>;
  onSelect(ids: string[], selected: boolean): void;
  /** the row whose decision is being sent */
  busyId: string | null;
  onDecide(commission: Commission, decision: RowDecision): void;
}

/** Bulk decisions apply to pending commissions; only those can be ticked. */
export const isSelectable = (c: Commission) => c.status === 'pending';

/** Approved (not yet in a payout) becomes reversed; paid gets a clawback. Clawbacks themselves are final. */
const canReverse = (c: Commission) =>
  c.kind !== 'clawback' && ((c.status === 'approved' && c.payout_id === null) || c.status === 'paid');

/** How the conversion found its publisher: a coupon code (no click) says so; a click is the usual case. */
function AttributionBadge({ commission: c }: { commission: Commission }) {
  const { t } = useTranslation('coupons');
  if (c.attributed_by !== 'coupon') return null;
  return (
    <Badge size="xs" color="teal" variant="outline" tt="none" title={t('commission.couponTitle')}>
      {c.coupon_code ? t('commission.couponCode', { code: c.coupon_code }) : t('commission.coupon')}
    </Badge>
  );
}

function EventName({ event }: { event: string | null }) {
  const { t } = useTranslation('commissions');
  const { t: tc } = useTranslation('coupons');
  return (
    <>
      {event === 'lead' ? t('event.lead') : event === 'renewal' ? tc('commission.renewal') : t('event.sale')}
    </>
  );
}

function OrderCell({ commission: c }: { commission: Commission }) {
  const { t } = useTranslation('commissions');
  const { t: tr } = useTranslation('referrals');
  return (
    <Stack gap={2}>
      <Group gap={4}>
        <Text size="sm">{c.order_id ?? (c.kind === 'click' ? t('order.click') : '—')}</Text>
        {c.kind === 'clawback' && (
          <Badge size="xs" color="red" variant="outline">
            {t('badge.clawback')}
          </Badge>
        )}
        {c.kind === 'referral' && (
          <Badge size="xs" color="grape" variant="outline">
            {tr('kind.referral')}
          </Badge>
        )}
        {c.client_reported && (
          <Badge size="xs" color="gray" variant="outline" title={t('badge.clientReportedTitle')}>
            {t('badge.clientReported')}
          </Badge>
        )}
        {c.is_test && (
          <Badge size="xs" color="grape" variant="outline">
            {t('badge.test')}
          </Badge>
        )}
        <AttributionBadge commission={c} />
      </Group>
      {/* a CPC commission pays for the click itself: there is no sale or lead to name */}
      {c.kind !== 'click' && (
        <Text size="xs" c="dimmed">
          <EventName event={c.event} />
          {/* A lead usually reports no value (0): "Lead of $0.00" read as if it were worth nothing. */}
          {c.sale_amount_minor !== null && (c.event !== 'lead' || c.sale_amount_minor > 0) && (
            <>
              {` ${t('order.of')} `}
              <Money amountMinor={c.sale_amount_minor} currency={c.currency} />
            </>
          )}
        </Text>
      )}
    </Stack>
  );
}

function StatusCell({ commission: c }: { commission: Commission }) {
  const { t } = useTranslation('commissions');
  // held by the fraud rules: "under review", with a reason that names no rule (the fraud catalog)
  const { t: tf } = useTranslation('fraud');
  return (
    <Stack gap={2}>
      <StatusBadge color={COMMISSION_STATUS_COLORS[c.status]}>{t(`status.${c.status}`)}</StatusBadge>
      {c.on_review && (
        <Text size="xs" c="orange" title={tf('underReviewHint')}>
          {tf('underReview')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {ruleLabel(c.rule)}
      </Text>
      {c.auto_approve_at && (
        <Text size="xs" c="dimmed">
          {t('row.autoApproves', { date: formatDate(c.auto_approve_at) })}
        </Text>
      )}
      {c.decided_at && (
        <Text size="xs" c="dimmed">
          {t('row.decided', { date: formatDate(c.decided_at) })}
        </Text>
      )}
      {c.reason && <Text size="xs">{t('row.reason', { reason: commissionReasonText(c.reason) })}</Text>}
    </Stack>
  );
}

function RowActions({
  commission: c,
  busy,
  onDecide,
}: {
  commission: Commission;
  busy: boolean;
  onDecide(decision: RowDecision): void;
}) {
  const { t } = useTranslation('commissions');
  const name = commissionLabel(c);
  if (c.status === 'pending') {
    return (
      <Group gap={6} wrap="nowrap">
        <Button
          size="xs"
          color="green"
          loading={busy}
          aria-label={t('row.approveLabel', { name })}
          onClick={() => onDecide('approve')}
        >
          {t('row.approve')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          aria-label={t('row.rejectLabel', { name })}
          onClick={() => onDecide('reject')}
        >
          {t('row.reject')}
        </Button>
      </Group>
    );
  }
  if (canReverse(c)) {
    return (
      <Button
        size="xs"
        variant="light"
        color="orange"
        aria-label={t('row.reverseLabel', { name })}
        onClick={() => onDecide('reverse')}
      >
        {t('row.reverse')}
      </Button>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

export function CommissionsTable({
  items,
  viewer,
  selected,
  onSelect,
  busyId,
  onDecide,
}: CommissionsTableProps) {
  const { t } = useTranslation('commissions');
  const decides = viewer !== 'publisher';
  const selectable = items.filter(isSelectable).map((c) => c.id);
  const ticked = selectable.filter((id) => selected.has(id)).length;
  return (
    <DataTable
      minWidth={decides ? 1000 : 760}
      verticalSpacing="sm"
      aria-label={t('table.label')}
      stickyActions={decides}
      cards={[
        ...(decides ? (['select'] as const) : []),
        { field: t('col.date') },
        'title',
        ...(viewer !== 'publisher' ? (['subtitle'] as const) : []),
        { field: t('col.order') },
        'amount',
        'status',
        ...(decides ? (['actions'] as const) : []),
      ]}
    >
      <Table.Thead>
        <Table.Tr>
          {decides && (
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('table.selectPage')}
                checked={selectable.length > 0 && ticked === selectable.length}
                indeterminate={ticked > 0 && ticked < selectable.length}
                disabled={selectable.length === 0}
                onChange={(event) => onSelect(selectable, event.currentTarget.checked)}
              />
            </Table.Th>
          )}
          <Table.Th>{t('col.date')}</Table.Th>
          <Table.Th>{t('col.campaign')}</Table.Th>
          {viewer !== 'publisher' && <Table.Th>{t('col.publisher')}</Table.Th>}
          <Table.Th>{t('col.order')}</Table.Th>
          <Table.Th ta="right">{t('col.commission')}</Table.Th>
          <Table.Th>{t('col.status')}</Table.Th>
          {decides && <Table.Th>{t('col.actions')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((c) => (
          <Table.Tr key={c.id}>
            {decides && (
              <Table.Td>
                {isSelectable(c) && (
                  <Checkbox
                    aria-label={t('table.select', { name: commissionLabel(c) })}
                    checked={selected.has(c.id)}
                    onChange={(event) => onSelect([c.id], event.currentTarget.checked)}
                  />
                )}
              </Table.Td>
            )}
            <Table.Td>{formatDate(c.created_at)}</Table.Td>
            <Table.Td fw={600}>{c.campaign_name}</Table.Td>
            {viewer !== 'publisher' && <Table.Td>{c.publisher_name}</Table.Td>}
            <Table.Td>
              <OrderCell commission={c} />
            </Table.Td>
            <Table.Td ta="right" fw={700} ff="monospace">
              <Money amountMinor={c.amount_minor} currency={c.currency} />
            </Table.Td>
            <Table.Td>
              <StatusCell commission={c} />
            </Table.Td>
            {decides && (
              <Table.Td>
                <RowActions
                  commission={c}
                  busy={busyId === c.id}
                  onDecide={(decision) => onDecide(c, decision)}
                />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
