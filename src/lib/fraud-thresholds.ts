import { FRAUD_LIMITS, type FraudThresholds } from '../../contracts/fraud-schema';
import { lazyNumberFormat } from './format-number';
import { translate } from './i18n';

// The fraud thresholds as form fields, shared by the campaign form (a campaign's own, each optional) and the
// admin settings (the platform defaults): their ranges, how text becomes a number, the checks and their words.

export type FraudThresholdKey = keyof FraudThresholds;

export interface FraudThresholdField {
  key: FraudThresholdKey;
  min: number;
  max: number;
  /** the conversion-rate factor takes decimals; every other threshold is a whole number */
  decimal?: boolean;
}

export const FRAUD_THRESHOLD_FIELDS: readonly FraudThresholdField[] = [
  { key: 'hold_score', min: 1, max: FRAUD_LIMITS.maxScore },
  { key: 'reject_score', min: 1, max: FRAUD_LIMITS.maxScore },
  { key: 'min_seconds_to_convert', min: 0, max: FRAUD_LIMITS.maxSecondsToConvert },
  { key: 'max_conversions_per_ip_day', min: 1, max: FRAUD_LIMITS.maxConversionsPerIpDay },
  { key: 'max_clicks_per_ip_minute', min: 1, max: FRAUD_LIMITS.maxClicksPerIpMinute },
  {
    key: 'cr_spike_factor',
    min: FRAUD_LIMITS.minCrSpikeFactor,
    max: FRAUD_LIMITS.maxCrSpikeFactor,
    decimal: true,
  },
];

export type FraudThresholdTexts = Record<FraudThresholdKey, string>;

/** The text of one field as a number: null when empty, NaN when it is not a plain number. */
export function parseThreshold(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * Each field in its range, and the reject score above the hold score; an empty field passes (the default
 * applies: the platform's for a campaign, the built-in one for the platform).
 */
export function checkThresholds(
  v: Partial<Record<string, string>>,
  addIssue: (key: FraudThresholdKey, message: string) => void,
) {
  for (const { key, min, max, decimal } of FRAUD_THRESHOLD_FIELDS) {
    const value = parseThreshold(v[key] ?? '');
    if (value === null) continue;
    if (!Number.isNaN(value) && (decimal || Number.isInteger(value)) && value >= min && value <= max)
      continue;
    const range = { min, max };
    addIssue(
      key,
      decimal
        ? translate('fraud', 'form.numberRange', range)
        : translate('fraud', 'form.wholeNumberRange', range),
    );
  }
  const hold = parseThreshold(v.hold_score ?? '');
  const reject = parseThreshold(v.reject_score ?? '');
  if (hold !== null && reject !== null && !Number.isNaN(hold) && !Number.isNaN(reject) && reject <= hold) {
    addIssue('reject_score', translate('fraud', 'form.rejectAboveHold', { hold }));
  }
}

const thresholdFormat = lazyNumberFormat({ maximumFractionDigits: 2 });

/** One threshold with its unit: "3 s", "5 a day", "3×"; scores as they are. */
export function formatThreshold(key: FraudThresholdKey, value: number): string {
  const n = thresholdFormat().format(value);
  if (key === 'min_seconds_to_convert') return translate('fraud', 'unit.seconds', { value: n });
  if (key === 'max_conversions_per_ip_day') return translate('fraud', 'unit.perDay', { value: n });
  if (key === 'max_clicks_per_ip_minute') return translate('fraud', 'unit.perMinute', { value: n });
  if (key === 'cr_spike_factor') return translate('fraud', 'unit.times', { value: n });
  return n;
}
