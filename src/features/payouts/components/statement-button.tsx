import { Button } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useDownloadPayoutStatement } from '../api/download-payout-statement';

/** "Statement (PDF)" of a paid payout, downloaded with the bearer token. */
export function StatementButton({ payoutId }: { payoutId: string }) {
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
              title: 'Statement not downloaded',
              message: errorMessage(error, 'The statement could not be fetched. Please try again.'),
              color: 'red',
            }),
        })
      }
    >
      Statement (PDF)
    </Button>
  );
}
