import { Badge, Group, Text, Timeline } from '@mantine/core';
import { Money } from '../../../components/money';
import { TRACKING_TEST_STEPS, type TrackingTestStep } from '../types';
import { useTranslation } from '../../../lib/i18n';
import { stepText, stepWords } from '../utils/step-text';

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

// where the sentence's money figure goes, split out again to show it with <Money>
const AMOUNT_MARK = '\u2063amount\u2063';

/** The step's sentence in the UI's language, its amount as a money figure in the display currency. */
function StepDetail({ step }: { step: TrackingTestStep }) {
  const words = stepWords(step);
  if (!words?.amount) return stepText(step);
  const [before, after] = stepText(step, AMOUNT_MARK).split(AMOUNT_MARK);
  return (
    <>
      {before}
      <Money amountMinor={words.amount.amountMinor} currency={words.amount.currency} />
      {after}
    </>
  );
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
            {/* a landing URL has no spaces: it breaks anywhere rather than run out of a phone's dialog */}
            <Text size="sm" c={step?.ok === false ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
              {step ? <StepDetail step={step} /> : t('step.skipped')}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
