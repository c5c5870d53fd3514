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
import { PAYOUT_METHOD_LABELS, type Payout } from '../types';
import { formatDate } from '../../../lib/format-date';
import { plural } from '../utils/format';
import { PayoutStatusBadge } from './payout-status-badge';

const PAGE_SIZE = 25;
const KIND_LABELS = {
  conversion: 'Sale or lead',
  click: 'Click',
  clawback: 'Clawback',
  referral: 'Referral',
} as const;

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
  const [page, setPage] = useState(1);
  const narrow = useMediaQuery('(max-width: 40em)') ?? false;
  const detail = usePayout(payout ? { id: payout.id, page, limit: PAGE_SIZE } : null);
  const shown = detail.data?.id === payout?.id ? detail.data : undefined;
  const p = shown ?? payout;
  const pages = p ? Math.max(1, Math.ceil(p.commission_count / PAGE_SIZE)) : 1;
  return (
    <Modal opened={payout !== null} onClose={onClose} title="Payout" size="lg" fullScreen={narrow}>
      {p && (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={0}>
              <Text size="xl" fw={700}>
                <Money amountMinor={p.amount_minor} currency={p.currency} />
              </Text>
              <Text
                size="sm"
                c="dimmed"
              >{`${plural(p.commission_count, 'commission')} in ${p.currency}`}</Text>
            </Stack>
            <PayoutStatusBadge status={p.status} />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Field label="Publisher">{p.publisher_name}</Field>
            <Field label="Method">
              {p.payout_method ? (PAYOUT_METHOD_LABELS[p.payout_method] ?? p.payout_method) : '—'}
            </Field>
            <Field label="Payout details">{p.payout_details ?? '—'}</Field>
            <Field label="Requested">{formatDate(p.created_at)}</Field>
            <Field label="Approved">{formatDate(p.approved_at)}</Field>
            {p.status === 'failed' ? (
              <Field label="Failed">{formatDate(p.failed_at)}</Field>
            ) : (
              <Field label="Paid">{formatDate(p.paid_at)}</Field>
            )}
            {p.reference && <Field label="Transfer reference">{p.reference}</Field>}
          </SimpleGrid>
          {p.failure_reason && (
            <Alert color="red" variant="light" title="Why it failed">
              {`${p.failure_reason} Its commissions went back to the balance.`}
            </Alert>
          )}
          {detail.error && (
            <Alert color="red" variant="light">
              {errorMessage(detail.error, 'Could not load what the payout covers.')}
            </Alert>
          )}
          {!shown && detail.isFetching && <Loader size="sm" aria-label="Loading the payout" />}
          {shown && shown.campaigns.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                Per campaign
              </Title>
              <Table.ScrollContainer minWidth={300}>
                <Table aria-label="Per campaign">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Campaign</Table.Th>
                      <Table.Th ta="right">Commissions</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
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
                Commissions
              </Title>
              <Table.ScrollContainer minWidth={340}>
                <Table aria-label="Commissions in this payout">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Campaign</Table.Th>
                      <Table.Th>Kind</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.commissions.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>{formatDate(c.created_at)}</Table.Td>
                        <Table.Td>{c.campaign_name}</Table.Td>
                        <Table.Td>{KIND_LABELS[c.kind]}</Table.Td>
                        <Table.Td ta="right">
                          <Money amountMinor={c.amount_minor} currency={c.currency} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {pages > 1 && (
                <nav aria-label="Pages of the payout's commissions">
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
