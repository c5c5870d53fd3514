import type { FraudRule } from '../../../../contracts/fraud-schema';
import { formatDateTime } from '../../../lib/format-date';
import { lazyNumberFormat } from '../../../lib/format-number';
import { translate } from '../../../lib/i18n';
import type { FraudQueueItem } from '../types';

type Reason = FraudQueueItem['fraud_reasons'][number];
type Figures = Reason['figures'];
type Values = Record<string, string | null>;

// seconds and rates come rounded to a tenth, a spike factor may have a few decimals
const figureFormat = lazyNumberFormat({ maximumFractionDigits: 3 });

/** A number the message shows, in the UI's number format; null when the figure is missing. */
function count(figures: Figures, name: string): string | null {
  const value = figures[name];
  return typeof value === 'number' && Number.isFinite(value) ? figureFormat().format(value) : null;
}

/** A count the message shows: "6", or "6 or more" where the server stopped counting (`counted: at_least`). */
function counted(figures: Figures, name: string): string | null {
  const n = count(figures, name);
  return n !== null && figures.counted === 'at_least' ? translate('fraud', 'orMore', { n }) : n;
}

function text(figures: Figures, name: string): string | null {
  const value = figures[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Each rule's message values, from the figures the server stored when the rule fired (rules/*.ts). */
const VALUES: Record<FraudRule, (figures: Figures) => Values> = {
  self_address: (f) => {
    const seen = text(f, 'session_last_seen_at');
    return { seen: seen && (formatDateTime(seen, '') || null) };
  },
  too_fast: (f) => ({ seconds: count(f, 'seconds'), minimum: count(f, 'minimum_seconds') }),
  address_velocity: (f) => ({
    scope: f.scope === 'address' || f.scope === 'network' ? f.scope : null,
    conversions: counted(f, 'conversions_24h'),
    limit: count(f, 'limit'),
  }),
  click_flood: (f) => ({ clicks: counted(f, 'clicks_1m'), limit: count(f, 'limit') }),
  conversion_rate_spike: (f) => ({
    rateToday: count(f, 'rate_today_pct'),
    conversions: count(f, 'conversions_today'),
    clicks: count(f, 'clicks_today'),
    factor: count(f, 'factor'),
    rate30d: count(f, 'rate_30d_pct'),
  }),
  country: (f) => ({
    country: text(f, 'country'),
    allowed: text(f, 'allowed')?.split(',').join(', ') ?? null,
  }),
  user_agent: () => ({}),
};

/**
 * Why a rule fired, in the UI's language: worded here from the rule and its figures, as the server words
 * its English `detail` (which stays on the wire for API clients). A rule this client does not know, or a
 * reason stored without the figures its words need, shows the server's `detail` as it is.
 */
export function reasonText(reason: Reason): string {
  const values = Object.hasOwn(VALUES, reason.rule) ? VALUES[reason.rule](reason.figures) : null;
  if (!values || Object.values(values).some((value) => value === null)) return reason.detail;
  return translate('fraud', `why.${reason.rule}`, values);
}
