import { translate } from '../../../lib/i18n';
import type { TrackingTestStep } from '../types';

type Data = NonNullable<TrackingTestStep['data']>;
type Values = Record<string, string | number | null>;

/** What a step's sentence in the UI's language needs: its values and the money figure it names. */
export interface StepWords {
  values: Record<string, string | number>;
  /** shown where the message says {amount}, as a money figure in the display currency */
  amount?: { amountMinor: number; currency: string };
}

function text(data: Data, name: string): string | null {
  const value = data[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

function whole(data: Data, name: string): number | null {
  const value = data[name];
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

// (a wrong event never reaches this step: the postback refuses it first)
const UNPAID_CODES = new Set(['no_revshare_rate', 'no_payout']);

/** Why a campaign pays nothing, in the UI's language when the server names it by a code we know. */
function unpaidReason(data: Data): string | null {
  const code = text(data, 'reason_code');
  if (code && UNPAID_CODES.has(code)) return translate('tracking', `unpaid.${code}`);
  return text(data, 'reason');
}

/** Each outcome's message values, from the figures the server sends in `data` (server/modules/tracking/test-tool.ts). */
const VALUES: Record<TrackingTestStep['code'], (data: Data) => Values> = {
  link_not_in_campaign: () => ({}),
  no_active_link: () => ({}),
  no_redirect: (d) => ({ code: text(d, 'code'), reason: text(d, 'reason') }),
  redirected: (d) => ({ code: text(d, 'code'), location: text(d, 'location') }),
  click_missing: () => ({}),
  click_recorded: (d) => ({ clickId: text(d, 'click_id') }),
  conversion_rejected: (d) => ({ status: whole(d, 'status'), reason: text(d, 'reason') }),
  conversion_accepted: (d) => ({ conversionId: text(d, 'conversion_id'), orderId: text(d, 'order_id') }),
  commission: (d) => ({ status: text(d, 'status') }),
  click_pays: () => ({}),
  not_paid: (d) => ({ reason: unpaidReason(d) }),
};

const WITH_AMOUNT = new Set<TrackingTestStep['code']>(['commission', 'click_pays']);

/**
 * How to word a step in the UI's language, as the server words its English `detail` (which stays on the
 * wire for API clients); null when this client does not know the code or a figure its words need is
 * missing, and the step shows the server's `detail` as it is.
 */
export function stepWords(step: TrackingTestStep): StepWords | null {
  const data = step.data ?? {};
  if (!Object.hasOwn(VALUES, step.code)) return null;
  const values = VALUES[step.code](data);
  if (Object.values(values).some((value) => value === null)) return null;
  const words: StepWords = { values: values as StepWords['values'] };
  if (WITH_AMOUNT.has(step.code)) {
    const amountMinor = whole(data, 'amount_minor');
    const currency = text(data, 'currency');
    if (amountMinor === null || currency === null) return null;
    words.amount = { amountMinor, currency };
  }
  return words;
}

/** The step's sentence as plain text, its amount as `amount` gives it (the component puts a figure there). */
export function stepText(step: TrackingTestStep, amount = ''): string {
  const words = stepWords(step);
  if (!words) return step.detail;
  return translate('tracking', `detail.${step.code}`, { ...words.values, amount });
}
