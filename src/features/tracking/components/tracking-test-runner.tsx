import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { SUPPORTED_CURRENCIES } from '../../../../contracts/currencies';
import { useRunTrackingTest, type TrackingTestInput } from '../api/run-tracking-test';
import { TRACKING_TEST_STEP_LABELS } from '../types';
import { TrackingTestSteps } from './tracking-test-steps';

interface TrackingTestRunnerProps {
  campaignId: string;
  /** test through this link; omitted: the campaign's first active link */
  linkId?: string;
}

interface TestValues {
  /** 'default': what the campaign pays for (lead for CPL, else sale), chosen by the server */
  event: 'default' | 'sale' | 'lead';
  /** major units as typed; empty: the server's test amount */
  amount: string;
  /** empty: the campaign's currency */
  currency: string | null;
}

const EVENTS = [
  { value: 'default', label: 'Default' },
  { value: 'sale', label: 'Sale' },
  { value: 'lead', label: 'Lead' },
];

/**
 * The trackingTest modal's body: runs the test as soon as it opens (a test click through /t/{code}, a
 * test postback, the commission it would earn) and shows each step; "Run again" repeats it with the
 * event, order amount and currency chosen below (to try what a real postback would send).
 */
export function TrackingTestRunner({ campaignId, linkId }: TrackingTestRunnerProps) {
  const test = useRunTrackingTest();
  const form = useForm<TestValues>({
    initialValues: { event: 'default', amount: '', currency: null },
    validate: {
      amount: (value) =>
        value.trim() === '' || /^\d+(\.\d+)?$/.test(value.trim())
          ? null
          : 'Enter an amount in major units, like 19.99',
    },
  });
  const inputFrom = (values: TestValues): TrackingTestInput => ({
    campaign_id: campaignId,
    ...(linkId ? { link_id: linkId } : {}),
    ...(values.event !== 'default' ? { event: values.event } : {}),
    ...(values.amount.trim() ? { amount: values.amount.trim() } : {}),
    ...(values.currency ? { currency: values.currency } : {}),
  });
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
      <form onSubmit={form.onSubmit((values) => test.mutate(inputFrom(values)))}>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <Select label="Event" data={EVENTS} allowDeselect={false} {...form.getInputProps('event')} />
            <TextInput
              label="Order amount"
              placeholder="100.00"
              inputMode="decimal"
              {...form.getInputProps('amount')}
            />
            <Select
              label="Currency"
              placeholder="Campaign currency"
              data={[...SUPPORTED_CURRENCIES]}
              clearable
              {...form.getInputProps('currency')}
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={test.isPending} disabled={!result && !test.error}>
              Run again
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
