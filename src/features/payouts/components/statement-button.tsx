import { Button } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/i18n';
import { useDownloadPayoutStatement } from '../api/download-payout-statement';

/** "Statement (PDF)" of a paid payout, downloaded with the bearer token. */
export function StatementButton({ payoutId }: { payoutId: string }) {
  const { t } = useTranslation('payouts');
  const download = useDownloadPayoutStatement();
  return (
    <Button
      size="xs"
      variant="subtle"
      loading={download.isPending}
      onClick={() =>
        download.mutate(payoutId, {
          onError: (error) =>
            showToast({
              title: t('statement.failed'),
              message: errorMessage(error, t('statement.error')),
              color: 'red',
            }),
        })
      }
    >
      {t('statement.button')}
    </Button>
  );
}
