import { Badge, Group, Text, Timeline } from '@mantine/core';
import { Money } from '../../../components/money';
import { minorToMajorInput } from '../../../lib/money-input';
import { TRACKING_TEST_STEPS, type TrackingTestStep } from '../types';
import { useTranslation } from '../../../lib/i18n';

function StepIcon({ ok }: { ok: boolean }) {
  return (
    <svg
      width={12}
      height={12}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
      aria-hidden="true"
    >
      {ok ? <path d="M5 12l5 5L20 7" /> : <path d="M6 6l12 12M18 6L6 18" />}
    </svg>
  );
}

/**
 * The step's sentence, with the server's plain "12.34 EUR" (its amount_minor and currency in `data`)
 * shown as a money figure in the display currency.
 */
function StepDetail({ step }: { step: TrackingTestStep }) {
  const amount = step.data?.amount_minor;
  const currency = step.data?.currency;
  if (typeof amount === 'number' && typeof currency === 'string') {
    const plain = `${minorToMajorInput(amount, currency)} ${currency}`;
    const at = step.detail.indexOf(plain);
    if (at >= 0) {
      return (
        <>
          {step.detail.slice(0, at)}
          <Money amountMinor={amount} currency={currency} />
          {step.detail.slice(at + plain.length)}
        </>
      );
    }
  }
  return step.detail;
}

/**
 * The four steps of a tracking test in order. The server stops at the first failure; the steps after it
 * are shown as not run, so the user sees how far the test got.
 */
export function TrackingTestSteps({ steps }: { steps: TrackingTestStep[] }) {
  const { t } = useTranslation('tracking');
  const ran = new Map(steps.map((s) => [s.step, s]));
  return (
    <Timeline
      active={steps.length - 1}
      bulletSize={22}
      lineWidth={2}
      role="list"
      aria-label={t('steps.label')}
    >
      {TRACKING_TEST_STEPS.map((name) => {
        const step = ran.get(name);
        const label = t(`step.${name}`);
        return (
          <Timeline.Item
            key={name}
            role="listitem"
            aria-label={label}
            color={step ? (step.ok ? 'green' : 'red') : 'gray'}
            bullet={step ? <StepIcon ok={step.ok} /> : undefined}
            title={
              <Group gap="xs">
                <Text fw={600} size="sm">
                  {label}
                </Text>
                <Badge size="sm" variant="light" color={step ? (step.ok ? 'green' : 'red') : 'gray'}>
                  {step ? (step.ok ? t('step.passed') : t('step.failed')) : t('step.notRun')}
                </Badge>
              </Group>
            }
          >
            <Text size="sm" c={step?.ok === false ? 'red' : 'dimmed'}>
              {step ? <StepDetail step={step} /> : t('step.skipped')}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
