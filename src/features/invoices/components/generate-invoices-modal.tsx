import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useGenerateInvoices } from '../api/generate-invoices';
import { formatMonth } from '../../../lib/format-date';
import { endedMonths } from '../utils/format';
import { useTranslation } from '../../../lib/i18n';

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
  const { t } = useTranslation('invoices');
  const { t: tc } = useTranslation('common');
  // month names in the UI language: cheap enough to make on each render
  const months = endedMonths(new Date());
  const [month, setMonth] = useState<string | null>(months[0]?.value ?? null);
  const [advertiser, setAdvertiser] = useState<string | null>(null);
  const generate = useGenerateInvoices();
  const close = () => {
    generate.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('generate.title')} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('generate.description')}
        </Text>
        <Select
          label={t('filter.month')}
          data={months}
          value={month}
          allowDeselect={false}
          onChange={setMonth}
          required
        />
        <Select
          label={t('filter.advertiser')}
          placeholder={t('filter.allAdvertisers')}
          clearable
          searchable
          nothingFoundMessage={t('filter.noAdvertiser')}
          data={advertiserOptions}
          value={advertiser}
          onChange={setAdvertiser}
        />
        {generate.error && (
          <Alert color="red" variant="light">
            {errorMessage(generate.error, t('generate.failed'))}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {tc('cancel')}
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
                      title: made.length > 0 ? t('generate.doneTitle') : t('generate.noneTitle'),
                      message:
                        made.length > 0
                          ? t('generate.done', {
                              count: made.length,
                              month: formatMonth(month),
                              numbers: made.map((i) => i.number).join(', '),
                            })
                          : t('generate.none', { month: formatMonth(month) }),
                      color: made.length > 0 ? 'green' : 'blue',
                    });
                  },
                },
              )
            }
          >
            {t('generate.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
