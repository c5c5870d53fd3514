import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useRunTrackingTest, type TrackingTestInput } from '../api/run-tracking-test';
import { TRACKING_TEST_STEP_LABELS } from '../types';
import { TrackingTestSteps } from './tracking-test-steps';

interface TrackingTestRunnerProps {
  campaignId: string;
  /** test through this link; omitted: the campaign's first active link */
  linkId?: string;
}

/**
 * The trackingTest modal's body: runs the test as soon as it opens (a test click through /t/{code}, a
 * test postback, the commission it would earn) and shows each step; "Run again" repeats it.
 */
export function TrackingTestRunner({ campaignId, linkId }: TrackingTestRunnerProps) {
  const test = useRunTrackingTest();
  const input: TrackingTestInput = { campaign_id: campaignId, ...(linkId ? { link_id: linkId } : {}) };
  const started = useRef(false);
  const { mutate } = test;

  useEffect(() => {
    // Once per opening (StrictMode re-runs effects; the ref survives that).
    if (started.current) return;
    started.current = true;
    mutate({ campaign_id: campaignId, ...(linkId ? { link_id: linkId } : {}) });
  }, [mutate, campaignId, linkId]);

  const result = test.data;
  const failed = result?.steps.find((s) => !s.ok);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A test click and a test conversion go through the real tracking endpoints. Test events are flagged:
        they never count as money, in budgets or in reports.
      </Text>
      {test.isPending && (
        <Group gap="xs">
          <Loader size="sm" aria-label="Running the tracking test" />
          <Text size="sm">Running the tracking test…</Text>
        </Group>
      )}
      {test.error && (
        <Alert color="red" variant="light" title="The test could not run">
          {errorMessage(test.error, 'The tracking test failed to start.')}
        </Alert>
      )}
      {result && !test.isPending && (
        <>
          {result.ok ? (
            <Alert color="green" variant="light" title="Tracking works">
              The click was tracked and the conversion earned a commission.
            </Alert>
          ) : (
            <Alert color="red" variant="light" title="Tracking test failed">
              {failed
                ? `Stopped at “${TRACKING_TEST_STEP_LABELS[failed.step]}”; the step below says why.`
                : 'A step did not pass.'}
            </Alert>
          )}
          <TrackingTestSteps steps={result.steps} />
        </>
      )}
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={test.isPending}
          disabled={!result && !test.error}
          onClick={() => test.mutate(input)}
        >
          Run again
        </Button>
      </Group>
    </Stack>
  );
}
