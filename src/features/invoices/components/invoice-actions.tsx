import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useTransitionInvoice } from '../api/transition-invoice';
import { INVOICE_ACTIONS, type Invoice, type InvoiceAction } from '../types';

/** Each step's look; its words are the catalog's `action.<step>.*` (label, title, explain, done). */
const ACTIONS: Record<InvoiceAction, { color: string; variant: string }> = {
  issue: { color: 'blue', variant: 'filled' },
  paid: { color: 'green', variant: 'filled' },
  void: { color: 'red', variant: 'light' },
};

const explainValues = (i: Invoice) => ({
  number: i.number,
  total: formatMoney(i.total_minor, i.currency),
  company: i.billing.company_name ?? i.advertiser_name,
});

/** An admin's next steps for one invoice, each confirmed in a dialog that shows why it failed, if it did. */
export function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const { t: tc } = useTranslation('common');
  const transition = useTransitionInvoice();
  const [asking, setAsking] = useState<InvoiceAction | null>(null);
  const available = INVOICE_ACTIONS[invoice.status];
  if (available.length === 0) return null;

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
            {t(`action.${action}.label`)}
          </Button>
        ))}
      </Group>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(`action.${asking}.title`) : undefined}
        centered
      >
        {asking && (
          <Stack gap="md">
            <Text size="sm">{t(`action.${asking}.explain`, explainValues(invoice))}</Text>
            {transition.error && (
              <Alert color="red" variant="light">
                {errorMessage(transition.error, t('action.failed'))}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAsking(null)}>
                {tc('cancel')}
              </Button>
              <Button
                color={ACTIONS[asking].color}
                loading={transition.isPending}
                onClick={() =>
                  transition.mutate(
                    { id: invoice.id, action: asking },
                    {
                      onSuccess: (changed) => {
                        setAsking(null);
                        showToast({
                          title: t('action.updated'),
                          message: t(`action.${asking}.done`, { number: changed.number }),
                          color: 'green',
                        });
                      },
                    },
                  )
                }
              >
                {t(`action.${asking}.label`)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
