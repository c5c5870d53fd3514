import {
  bpsToPercentInput,
  minorToMajorInput,
  parseMajorToMinor,
  parsePercentToBps,
} from '../../../lib/money-input';
import { translate } from '../../../lib/i18n';
import { CAMPAIGN_LIMITS } from '../../../../contracts/campaigns';

/** A tier's or publisher override's rate: `payout_minor` or `revshare_bps`, by the campaign's model. */
export type Unit = { payout_minor?: number; revshare_bps?: number };

/** The rate as the form shows it: major units of the currency, or a percentage for revenue share. */
export function unitToInput(x: Unit, model: string | undefined, currency: string): string {
  return model === 'revshare'
    ? bpsToPercentInput(x.revshare_bps)
    : minorToMajorInput(x.payout_minor, currency);
}

/** A tier's or override's amount in the unit of the campaign's model (exact, like the payout field). */
export function inputToUnit(amount: string, revshare: boolean, currency: string): Unit {
  return revshare
    ? { revshare_bps: parsePercentToBps(amount) ?? undefined }
    : { payout_minor: parseMajorToMinor(amount, currency) ?? undefined };
}

interface Rows {
  commission_model: string;
  currency: string;
  tiers: { min_conversions_in_month: number | string; amount: string }[];
  publisher_overrides: { amount: string }[];
}

/**
 * The form's rules for tier and override rows: a whole, distinct conversion threshold per tier, and an
 * amount in the model's unit on every row. `report` receives each problem at its field path.
 */
export function checkTiersAndOverrides(
  v: Rows,
  unitMessage: string,
  report: (path: (string | number)[], message: string) => void,
): void {
  const unitValid = (amount: string) => {
    if (v.commission_model === 'revshare') {
      const bps = parsePercentToBps(amount);
      return bps !== null && bps >= CAMPAIGN_LIMITS.minRevshareBps && bps <= CAMPAIGN_LIMITS.maxRevshareBps;
    }
    const minor = parseMajorToMinor(amount, v.currency);
    return minor !== null && minor > 0;
  };
  const seen = new Set<number>();
  v.tiers.forEach((tier, i) => {
    const min = Number(tier.min_conversions_in_month);
    if (tier.min_conversions_in_month === '' || !Number.isInteger(min) || min < 1) {
      report(['tiers', i, 'min_conversions_in_month'], translate('campaigns', 'form.tierWhole'));
    } else if (seen.has(min)) {
      report(['tiers', i, 'min_conversions_in_month'], translate('campaigns', 'form.tierTaken'));
    }
    seen.add(min);
    if (!unitValid(tier.amount)) report(['tiers', i, 'amount'], unitMessage);
  });
  v.publisher_overrides.forEach((o, i) => {
    if (!unitValid(o.amount)) report(['publisher_overrides', i, 'amount'], unitMessage);
  });
}
