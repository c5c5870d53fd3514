import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { SUPPORTED_CURRENCIES } from '../../../../contracts/currencies';
import { useRunTrackingTest, type TrackingTestInput } from '../api/run-tracking-test';
import { TrackingTestSteps } from './tracking-test-steps';
import { useTranslation } from '../../../lib/i18n';

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

/** The events to test; labels are the catalog's `test.event.<event>`. */
const EVENTS = ['default', 'sale', 'lead'] as const;

/**
 * The trackingTest modal's body: runs the test as soon as it opens (a test click through /t/{code}, a
 * test postback, the commission it would earn) and shows each step; "Run again" repeats it with the
 * event, order amount and currency chosen below (to try what a real postback would send).
 */
export function TrackingTestRunner({ campaignId, linkId }: TrackingTestRunnerProps) {
  const { t } = useTranslation('tracking');
  const test = useRunTrackingTest();
  const form = useForm<TestValues>({
    initialValues: { event: 'default', amount: '', currency: null },
    validate: {
      amount: (value) =>
        value.trim() === '' || /^\d+(\.\d+)?$/.test(value.trim()) ? null : t('test.amountInvalid'),
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
        {t('test.intro')}
      </Text>
      {test.isPending && (
        <Group gap="xs">
          <Loader size="sm" aria-label={t('test.running')} />
          <Text size="sm">{t('test.runningText')}</Text>
        </Group>
      )}
      {test.error && (
        <Alert color="red" variant="light" title={t('test.couldNotRun')}>
          {errorMessage(test.error, t('test.notStarted'))}
        </Alert>
      )}
      {result && !test.isPending && (
        <>
          {result.ok ? (
            <Alert color="green" variant="light" title={t('test.works')}>
              {t('test.worksText')}
            </Alert>
          ) : (
            <Alert color="red" variant="light" title={t('test.failed')}>
              {failed ? t('test.stoppedAt', { step: t(`step.${failed.step}`) }) : t('test.stepFailed')}
            </Alert>
          )}
          <TrackingTestSteps steps={result.steps} />
        </>
      )}
      <form onSubmit={form.onSubmit((values) => test.mutate(inputFrom(values)))}>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <Select
              label={t('test.event')}
              data={EVENTS.map((event) => ({ value: event, label: t(`test.event.${event}`) }))}
              allowDeselect={false}
              {...form.getInputProps('event')}
            />
            <TextInput
              label={t('test.amount')}
              placeholder="100.00"
              inputMode="decimal"
              {...form.getInputProps('amount')}
            />
            <Select
              label={t('test.currency')}
              placeholder={t('test.campaignCurrency')}
              data={[...SUPPORTED_CURRENCIES]}
              clearable
              {...form.getInputProps('currency')}
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={test.isPending} disabled={!result && !test.error}>
              {t('test.again')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
