import { recordIntegrationEvent } from '../../platform/outbox';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { isUniqueViolation } from '../../platform/db-errors';
import { isSafeMinor, toMinorSum } from '../../platform/minor-sum';
import {
  assertEmailVerified,
  isEmailVerified,
  verificationRequired,
} from '../../platform/email-verification';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/http-error';
import { audit } from '../../platform/audit';
import { balance } from '../commissions/service';
import { recordPayoutChange } from '../ledger/service';
import { isSupportedCurrency, type CurrencyCode } from '../../platform/currency-codes';
import { convertMinor, formatMinor } from '../../platform/money';
import { loadRates, type RateTable } from '../../platform/exchange-rates';
import { getSettings, type SettingsRow } from '../../platform/settings';
import type { UserRow, UserWithProfile } from '../../platform/current-user';
import { notifyAdminsOfRequest, statsChanged } from './notices';
import * as q from './queries';
import {
  OPEN_STATUSES,
  type Eligibility,
  type ListPayoutsQuery,
  type Payout,
  type PayoutDetail,
  type PayoutDetailQuery,
} from './schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

export function toPayoutResponse(v: q.PayoutView): Payout {
  const p = v.payout;
  return {
    id: p.id,
    publisher_id: p.publisherId,
    publisher_name: v.publisherName,
    publisher_email: v.publisherEmail,
    status: p.status,
    amount_minor: p.amountMinor,
    currency: p.currency,
    commission_count: p.commissionCount,
    payout_method: text(p.method.payout_method),
    payout_details: text(p.method.payout_details),
    reference: p.reference,
    failure_reason: p.failureReason,
    created_at: p.createdAt.toISOString(),
    approved_at: iso(p.approvedAt),
    paid_at: iso(p.paidAt),
    failed_at: iso(p.failedAt),
  };
}

/** Payouts are the publishers' money: advertisers have none to see. */
function assertNotAdvertiser(user: UserRow): void {
  if (user.role === 'advertiser') throw forbidden('Payouts belong to publishers');
}

/**
 * The admin's min_payout_minor is in the platform default currency; a balance in another currency is
 * compared with it converted at the stored rates (rounded half away from zero to the balance currency's
 * minor unit), so a ¥ and a $ balance reach the minimum at the same worth.
 */
export function minimumIn(currency: string, settings: SettingsRow, rates: RateTable): number {
  const from = settings.defaultCurrency;
  if (!isSupportedCurrency(currency) || !isSupportedCurrency(from)) return settings.minPayoutMinor;
  return convertMinor(settings.minPayoutMinor, from, currency, rates.perUsd);
}

const money = (minor: number | bigint, currency: string) => formatMinor(minor, currency as CurrencyCode);

function openPayoutConflict(open: { status: string; amountMinor: number; currency: string }) {
  return conflict(
    `A payout in ${open.currency} is already ${open.status} (${money(open.amountMinor, open.currency)}); ` +
      'you can request the next one once it is paid or failed',
  );
}

function belowMinimum(amount: number, minimum: number, currency: string, settings: SettingsRow) {
  if (amount <= 0)
    return unprocessable(
      `There is nothing to pay out in ${currency}: the balance is ${money(amount, currency)}`,
    );
  const floor = money(settings.minPayoutMinor, settings.defaultCurrency);
  return unprocessable(
    `Your ${currency} balance is ${money(amount, currency)}; payouts start at ${money(minimum, currency)} ` +
      `(${floor}), so ${money(minimum - amount, currency)} more is needed`,
  );
}

/**
 * The commissions one payout takes: all of them, unless their sum would pass 2^53 − 1 minor units (a
 * JavaScript number's exact range, and the payout's amount column's): then, largest first (so the answer
 * does not depend on the order the database returned them in), those that would push it past are left in
 * the balance for the next payout. Summed as bigint, so nothing is rounded.
 */
export function safePayoutShare<T extends { amountMinor: number }>(commissions: T[]): T[] {
  const covered: T[] = [];
  let sum = 0n;
  for (const c of [...commissions].sort((a, b) => b.amountMinor - a.amountMinor)) {
    const next = sum + BigInt(c.amountMinor);
    if (!isSafeMinor(next)) continue;
    covered.push(c);
    sum = next;
  }
  return covered;
}

/**
 * Requests a payout of the whole approved, unpaid balance in `currency` (clawbacks included). In one
 * transaction: lock the balance's commissions FOR UPDATE, check no payout in that currency is open (after
 * the lock, so a request that waited sees the one that won), check the minimum, insert the payout and put
 * the commissions in it. The partial unique index payouts_one_open_idx is the last word on "one open
 * payout per currency"; its violation answers the same 409.
 */
export async function requestPayout(
  ctx: AppContext,
  { user, profile }: UserWithProfile,
  currency: CurrencyCode,
): Promise<Payout> {
  if (user.role !== 'publisher') throw forbidden('Only publishers request payouts');
  await assertEmailVerified(ctx, user, 'request a payout');
  if (!profile?.payoutMethod) {
    throw unprocessable(
      'Add a payout method (bank transfer or PayPal) and its details to your profile before requesting a payout',
    );
  }
  const [settings, rates] = await Promise.all([getSettings(ctx.db), loadRates(ctx.db)]);
  const minimum = minimumIn(currency, settings, rates);
  const method = { payout_method: profile.payoutMethod, payout_details: profile.payoutDetails ?? null };
  let created: { payout: q.PayoutRow; advertisers: string[] };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const locked = await q.lockBalance(tx, user.id, currency);
      const open = await q.findOpenPayout(tx, user.id, currency);
      if (open) throw openPayoutConflict(open);
      const covered = safePayoutShare(locked);
      const amount = covered.reduce((sum, c) => sum + c.amountMinor, 0);
      if (amount <= 0 || amount < minimum) throw belowMinimum(amount, minimum, currency, settings);
      const payout = await q.insertPayout(tx, {
        publisherId: user.id,
        amountMinor: amount,
        currency,
        commissionCount: covered.length,
        method,
      });
      const taken = await q.attachCommissions(
        tx,
        payout.id,
        covered.map((c) => c.id),
      );
      // the rows are locked by this transaction: nothing can have taken them meanwhile
      if (taken !== covered.length) throw new Error(`payout ${payout.id} took ${taken} of ${covered.length}`);
      await recordPayoutChange(tx, 'payout.requested', payout);
      await audit(tx, {
        actorId: user.id,
        action: 'payout.requested',
        entityType: 'payout',
        entityId: payout.id,
        before: null,
        after: {
          status: 'requested',
          amount_minor: amount,
          currency,
          commission_count: covered.length,
          method,
        },
      });
      // payouts are the publishers' and admins' business: only admins' webhooks receive them
      await recordIntegrationEvent(tx, {
        type: 'payout.requested',
        data: toPayoutResponse({ payout, publisherName: user.name, publisherEmail: user.email }),
        audience: [],
      });
      return { payout, advertisers: [...new Set(covered.map((c) => c.advertiserId))] };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const open = await q.findOpenPayout(ctx.db, user.id, currency);
      throw open
        ? openPayoutConflict(open)
        : conflict(`A payout in ${currency} was just requested; reload to see it`);
    }
    throw err;
  }
  const view = { payout: created.payout, publisherName: user.name, publisherEmail: user.email };
  statsChanged(ctx, user.id, created.advertisers);
  await notifyAdminsOfRequest(ctx, view);
  return toPayoutResponse(view);
}

function scopeFor(user: UserRow, query: ListPayoutsQuery): q.PayoutFilter {
  const statuses =
    query.status === 'all' ? undefined : query.status === 'open' ? OPEN_STATUSES : [query.status];
  return {
    // publishers see their own whatever they ask for
    publisherId: user.role === 'publisher' ? user.id : query.publisher_id,
    statuses,
    currency: query.currency,
    from: query.from,
    to: query.to,
  };
}

export async function listPayouts(db: Db, user: UserRow, query: ListPayoutsQuery) {
  assertNotAdvertiser(user);
  const { items, total } = await q.listPayouts(db, scopeFor(user, query), query);
  return { items: items.map(toPayoutResponse), total };
}

/** A payout the user may see: a publisher's own, any for admins; anything else is not found. */
export async function loadVisible(db: Db, user: UserRow, id: string): Promise<q.PayoutView> {
  assertNotAdvertiser(user);
  const [view] = await q.findPayoutViews(db, [id]);
  if (!view || (user.role !== 'admin' && view.payout.publisherId !== user.id)) {
    throw notFound('Payout not found');
  }
  return view;
}

export async function getPayout(
  db: Db,
  user: UserRow,
  id: string,
  page: PayoutDetailQuery,
): Promise<PayoutDetail> {
  const view = await loadVisible(db, user, id);
  const [campaigns, commissions] = await Promise.all([
    q.campaignBreakdown(db, id),
    q.payoutCommissions(db, id, page),
  ]);
  return {
    ...toPayoutResponse(view),
    campaigns: campaigns.map((c) => ({
      campaign_id: c.campaignId,
      campaign_name: c.campaignName,
      commissions: c.commissions,
      amount_minor: c.amountMinor,
    })),
    commissions: commissions.map(({ commission: c, campaignName }) => ({
      id: c.id,
      kind: c.kind,
      status: c.status,
      amount_minor: c.amountMinor,
      currency: c.currency,
      campaign_id: c.campaignId,
      campaign_name: campaignName,
      created_at: c.createdAt.toISOString(),
    })),
  };
}

/** What the publisher's "Request payout" buttons need: per currency, the balance, the minimum, the open payout. */
export async function eligibility(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  { user, profile }: UserWithProfile,
): Promise<Eligibility> {
  if (user.role !== 'publisher') throw forbidden('Only publishers request payouts');
  const [balances, open, settings, rates] = await Promise.all([
    balance(db, user),
    q.openPayouts(db, user.id),
    getSettings(db),
    loadRates(db),
  ]);
  const hasMethod = Boolean(profile?.payoutMethod);
  const unconfirmed =
    !isEmailVerified(user) && verificationRequired(settings, config.requireEmailVerification);
  const openBy = new Map(open.map((v) => [v.payout.currency, v]));
  const currencies = [...new Set([...balances.map((b) => b.currency), ...openBy.keys()])].sort();
  return {
    has_payout_method: hasMethod,
    min_payout_minor: settings.minPayoutMinor,
    min_payout_currency: settings.defaultCurrency,
    balances: currencies.map((currency) => {
      const found = balances.find((b) => b.currency === currency);
      // exact: a balance may be past 2^53 minor units (the answer then says it as a string of digits)
      const available = BigInt(found?.approved_minor ?? 0);
      const minimum = minimumIn(currency, settings, rates);
      const pending = openBy.get(currency);
      const blocked = pending
        ? `A payout of ${money(pending.payout.amountMinor, currency)} is ${pending.payout.status}`
        : available <= 0n
          ? 'Nothing to pay out yet'
          : available < BigInt(minimum)
            ? `${money(BigInt(minimum) - available, currency)} more to reach the minimum of ${money(minimum, currency)}`
            : !hasMethod
              ? 'Add a payout method to your profile first'
              : unconfirmed
                ? 'Confirm your e-mail address first'
                : null;
      return {
        currency,
        available_minor: toMinorSum(available),
        minimum_minor: minimum,
        // at most the minimum: a safe integer
        missing_minor: available >= BigInt(minimum) ? 0 : Number(BigInt(minimum) - available),
        open_payout: pending ? toPayoutResponse(pending) : null,
        can_request: blocked === null,
        blocked_reason: blocked,
      };
    }),
  };
}

// the wire schema other modules answer or query with (they never import this module's schema.ts)
export { listPayoutsQuery } from './schema';
