import {
  Alert,
  Group,
  Loader,
  Modal,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { Money } from '../../../components/money';
import { errorMessage } from '../../../lib/api-client';
import { usePayout } from '../api/get-payout';
import type { Payout } from '../types';
import { useTranslation } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { PayoutStatusBadge } from './payout-status-badge';

const PAGE_SIZE = 25;

interface PayoutDetailsModalProps {
  /** the payout to show (from the list row); null closes the modal */
  payout: Payout | null;
  onClose(): void;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** One payout: its state and dates, the method it was paid by, what it covers per campaign, its commissions. */
export function PayoutDetailsModal({ payout, onClose }: PayoutDetailsModalProps) {
  const { t } = useTranslation('payouts');
  const [page, setPage] = useState(1);
  const narrow = useMediaQuery('(max-width: 40em)') ?? false;
  const detail = usePayout(payout ? { id: payout.id, page, limit: PAGE_SIZE } : null);
  const shown = detail.data?.id === payout?.id ? detail.data : undefined;
  const p = shown ?? payout;
  const pages = p ? Math.max(1, Math.ceil(p.commission_count / PAGE_SIZE)) : 1;
  return (
    <Modal
      opened={payout !== null}
      onClose={onClose}
      title={t('details.title')}
      size="lg"
      fullScreen={narrow}
    >
      {p && (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={0}>
              <Text size="xl" fw={700}>
                <Money amountMinor={p.amount_minor} currency={p.currency} />
              </Text>
              <Text size="sm" c="dimmed">
                {t('details.countIn', { count: p.commission_count, currency: p.currency })}
              </Text>
            </Stack>
            <PayoutStatusBadge status={p.status} />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Field label={t('col.publisher')}>{p.publisher_name}</Field>
            <Field label={t('col.method')}>{p.payout_method ? t(`method.${p.payout_method}`) : '—'}</Field>
            <Field label={t('details.payoutDetails')}>{p.payout_details ?? '—'}</Field>
            <Field label={t('col.requested')}>{formatDate(p.created_at)}</Field>
            <Field label={t('details.approved')}>{formatDate(p.approved_at)}</Field>
            {p.status === 'failed' ? (
              <Field label={t('details.failed')}>{formatDate(p.failed_at)}</Field>
            ) : (
              <Field label={t('details.paid')}>{formatDate(p.paid_at)}</Field>
            )}
            {p.reference && <Field label={t('reference.label')}>{p.reference}</Field>}
          </SimpleGrid>
          {p.failure_reason && (
            <Alert color="red" variant="light" title={t('details.whyFailed')}>
              {t('details.failureText', { reason: p.failure_reason })}
            </Alert>
          )}
          {detail.error && (
            <Alert color="red" variant="light">
              {errorMessage(detail.error, t('details.error'))}
            </Alert>
          )}
          {!shown && detail.isFetching && <Loader size="sm" aria-label={t('details.loading')} />}
          {shown && shown.campaigns.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('details.perCampaign')}
              </Title>
              <Table.ScrollContainer minWidth={300}>
                <Table aria-label={t('details.perCampaign')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('col.campaign')}</Table.Th>
                      <Table.Th ta="right">{t('col.commissions')}</Table.Th>
                      <Table.Th ta="right">{t('col.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.campaigns.map((c) => (
                      <Table.Tr key={c.campaign_id}>
                        <Table.Td>{c.campaign_name}</Table.Td>
                        <Table.Td ta="right">{c.commissions}</Table.Td>
                        <Table.Td ta="right">
                          <Money amountMinor={c.amount_minor} currency={p.currency} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          )}
          {shown && shown.commissions.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('col.commissions')}
              </Title>
              <Table.ScrollContainer minWidth={340}>
                <Table aria-label={t('details.commissionsLabel')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('col.date')}</Table.Th>
                      <Table.Th>{t('col.campaign')}</Table.Th>
                      <Table.Th>{t('col.kind')}</Table.Th>
                      <Table.Th ta="right">{t('col.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.commissions.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>{formatDate(c.created_at)}</Table.Td>
                        <Table.Td>{c.campaign_name}</Table.Td>
                        <Table.Td>{t(`kind.${c.kind}`)}</Table.Td>
                        <Table.Td ta="right">
                          <Money amountMinor={c.amount_minor} currency={c.currency} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {pages > 1 && (
                <nav aria-label={t('details.pages')}>
                  <Pagination size="sm" total={pages} value={page} onChange={setPage} />
                </nav>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
