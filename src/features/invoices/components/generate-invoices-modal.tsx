import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useGenerateInvoices } from '../api/generate-invoices';
import { formatMonth } from '../../../lib/format-date';
import { endedMonths } from '../utils/format';

interface GenerateInvoicesModalProps {
  opened: boolean;
  onClose(): void;
  advertiserOptions: { value: string; label: string }[];
}

/**
 * "Generate now": the drafts of an ended month, for one advertiser or all. The server bills nothing twice,
 * so generating a month again only adds what is not on an invoice yet.
 */
export function GenerateInvoicesModal({ opened, onClose, advertiserOptions }: GenerateInvoicesModalProps) {
  const months = useMemo(() => endedMonths(new Date()), []);
  const [month, setMonth] = useState<string | null>(months[0]?.value ?? null);
  const [advertiser, setAdvertiser] = useState<string | null>(null);
  const generate = useGenerateInvoices();
  const close = () => {
    generate.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Generate invoices" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Makes draft invoices of the approved commissions of a month (one per advertiser and currency) plus
          the platform fee. Commissions already on an invoice are not billed again.
        </Text>
        <Select
          label="Month"
          data={months}
          value={month}
          allowDeselect={false}
          onChange={setMonth}
          required
        />
        <Select
          label="Advertiser"
          placeholder="All advertisers"
          clearable
          searchable
          nothingFoundMessage="No such advertiser"
          data={advertiserOptions}
          value={advertiser}
          onChange={setAdvertiser}
        />
        {generate.error && (
          <Alert color="red" variant="light">
            {errorMessage(generate.error, 'No invoices were generated.')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!month}
            loading={generate.isPending}
            onClick={() =>
              month &&
              generate.mutate(
                { month, advertiser_id: advertiser },
                {
                  onSuccess: (made) => {
                    close();
                    showToast({
                      title: made.length > 0 ? 'Invoices generated' : 'Nothing to invoice',
                      message:
                        made.length > 0
                          ? `${made.length} draft ${made.length === 1 ? 'invoice' : 'invoices'} for ${formatMonth(month)}: ${made.map((i) => i.number).join(', ')}.`
                          : `No approved commissions of ${formatMonth(month)} are left to invoice.`,
                      color: made.length > 0 ? 'green' : 'blue',
                    });
                  },
                },
              )
            }
          >
            Generate drafts
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
