import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Money } from '../../../components/money';
import { errorMessage } from '../../../lib/api-client';
import { useFormatMoney } from '../../../lib/display-money';
import { showToast } from '../../../lib/toast';
import { usePayoutEligibility } from '../api/get-payout-eligibility';
import { useRequestPayout } from '../api/request-payout';
import { useTranslation } from '../../../lib/i18n';
import { PayoutStatusBadge } from './payout-status-badge';
import { minorValue } from '../../../lib/format';

interface RequestPayoutButtonProps {
  currency: string;
  /** the page refreshes what it shows beside (the commission balance) */
  onRequested?: () => void;
}

/**
 * "Request payout" for one currency of the balance card: disabled below the minimum (saying how much is
 * missing), without a payout method (linking the profile) or while a payout in that currency is open
 * (showing its state instead). Asks to confirm the amount and method before it sends the request.
 */
export function RequestPayoutButton({ currency, onRequested }: RequestPayoutButtonProps) {
  const { t } = useTranslation('payouts');
  const eligibility = usePayoutEligibility();
  const request = useRequestPayout(onRequested);
  const money = useFormatMoney();
  const [confirming, setConfirming] = useState(false);
  const row = eligibility.data?.balances.find((b) => b.currency === currency);
  if (!eligibility.data || !row) return null;

  if (row.open_payout) {
    return (
      <Group gap={6} justify="flex-end" wrap="nowrap">
        <PayoutStatusBadge status={row.open_payout.status} />
        <Text size="xs" c="dimmed">
          <Money amountMinor={row.open_payout.amount_minor} currency={currency} />
        </Text>
      </Group>
    );
  }
  const available = minorValue(row.available_minor);
  const needsMethod = !eligibility.data.has_payout_method && available >= row.minimum_minor;
  const hint =
    available <= 0
      ? t('request.nothing')
      : row.missing_minor > 0
        ? t('request.missing', { amount: money(row.missing_minor, currency) })
        : null;
  const amount = money(row.available_minor, currency);

  return (
    <Stack gap={2} align="flex-end">
      <Button
        size="xs"
        disabled={!row.can_request}
        aria-label={t('request.inCurrency', { currency })}
        onClick={() => {
          request.reset();
          setConfirming(true);
        }}
      >
        {t('request.button')}
      </Button>
      {hint && (
        <Text size="xs" c="dimmed" ta="right">
          {hint}
        </Text>
      )}
      {needsMethod && (
        <Text size="xs" ta="right">
          <Link to="/profile">{t('request.addMethod')}</Link> {t('request.addMethodFirst')}
        </Text>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('request.title', { currency })}
      >
        <Stack gap="sm">
          <Text>{t('request.text', { amount, currency })}</Text>
          <Text size="sm" c="dimmed">
            {t('request.until')}
          </Text>
          {request.error && (
            <Alert color="red" variant="light">
              {errorMessage(request.error, t('request.error'))}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('reference.cancel')}
            </Button>
            <Button
              loading={request.isPending}
              onClick={() =>
                request.mutate(
                  { currency },
                  {
                    onSuccess: (payout) => {
                      setConfirming(false);
                      showToast({
                        title: t('request.done'),
                        message: t('request.doneText', {
                          amount: money(payout.amount_minor, payout.currency),
                        }),
                        color: 'green',
                      });
                    },
                  },
                )
              }
            >
              {t('request.button')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
