import type { CampaignRow } from '../../db/rows';

// Recurring commissions: a campaign with `recurring` pays on each renewal (`event=renewal`) of a sale, for
// `months` after that sale (null: for the customer's life), a fixed `payout_minor` or `revshare_bps` of the
// renewal's amount.

/**
 * The campaign as a renewal is priced: its recurring terms in place of the base payout, with no tiers and no
 * per-publisher overrides (those price first sales). Budget, daily cap and currency stay the campaign's, so a
 * renewal spends the same budget as any commission.
 */
export function renewalTerms(campaign: CampaignRow): CampaignRow {
  const recurring = campaign.recurring;
  if (!recurring) return campaign;
  const share = recurring.revshare_bps !== undefined;
  return {
    ...campaign,
    commissionModel: share ? 'revshare' : 'cpa',
    payoutMinor: share ? null : (recurring.payout_minor ?? null),
    revshareBps: share ? (recurring.revshare_bps ?? null) : null,
    tiers: [],
    publisherOverrides: [],
  };
}

/**
 * When renewals of a sale made at `firstSaleAt` stop paying: `months` calendar months later (UTC; the 31st
 * falls back to the month's last day), or never (null).
 */
export function recurringEndsAt(firstSaleAt: Date, months: number | null): Date | null {
  if (months === null) return null;
  const d = new Date(firstSaleAt.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}
