import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useTransitionInvoice } from '../api/transition-invoice';
import { INVOICE_ACTIONS, type Invoice, type InvoiceAction } from '../types';

const ACTIONS: Record<
  InvoiceAction,
  {
    label: string;
    color: string;
    variant: string;
    title: string;
    explain: (i: Invoice) => string;
    done: string;
  }
> = {
  issue: {
    label: 'Issue',
    color: 'blue',
    variant: 'filled',
    title: 'Issue invoice',
    explain: (i) =>
      `Send ${i.number} (${formatMoney(i.total_minor, i.currency)}) to ${i.billing.company_name ?? i.advertiser_name}? ` +
      'It becomes due in 30 days and the advertiser is notified. An issued invoice can no longer change.',
    done: 'issued; the advertiser has been notified',
  },
  paid: {
    label: 'Mark paid',
    color: 'green',
    variant: 'filled',
    title: 'Mark invoice paid',
    explain: (i) =>
      `Record that ${i.billing.company_name ?? i.advertiser_name} paid ${formatMoney(i.total_minor, i.currency)} for ${i.number}?`,
    done: 'marked paid',
  },
  void: {
    label: 'Void',
    color: 'red',
    variant: 'light',
    title: 'Void invoice',
    explain: (i) =>
      `Void ${i.number}? It keeps its number but is no longer payable, and its commissions can go on a new ` +
      'invoice for the same month (generate it again).',
    done: 'voided',
  },
};

/** An admin's next steps for one invoice, each confirmed in a dialog that shows why it failed, if it did. */
export function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const transition = useTransitionInvoice();
  const [asking, setAsking] = useState<InvoiceAction | null>(null);
  const available = INVOICE_ACTIONS[invoice.status];
  if (available.length === 0) return null;
  const current = asking ? ACTIONS[asking] : null;

  return (
    <>
      <Group gap="sm">
        {available.map((action) => (
          <Button
            key={action}
            color={ACTIONS[action].color}
            variant={ACTIONS[action].variant}
            onClick={() => {
              transition.reset();
              setAsking(action);
            }}
          >
            {ACTIONS[action].label}
          </Button>
        ))}
      </Group>
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={current?.title} centered>
        {asking && current && (
          <Stack gap="md">
            <Text size="sm">{current.explain(invoice)}</Text>
            {transition.error && (
              <Alert color="red" variant="light">
                {errorMessage(transition.error, 'The invoice did not change.')}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAsking(null)}>
                Cancel
              </Button>
              <Button
                color={current.color}
                loading={transition.isPending}
                onClick={() =>
                  transition.mutate(
                    { id: invoice.id, action: asking },
                    {
                      onSuccess: (changed) => {
                        setAsking(null);
                        showToast({
                          title: 'Invoice updated',
                          message: `${changed.number} ${current.done}.`,
                          color: 'green',
                        });
                      },
                    },
                  )
                }
              >
                {current.label}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
