import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInvoices } from '../../server/modules/invoices/service';
import { referralShareMinor } from '../../server/modules/commissions/referral-commissions';
import { call, type TestApp } from './support/test-app';
import {
  approvedLink,
  appWithParties,
  clickOn,
  party,
  postback,
  type Party,
} from './support/tracking-fixtures';

// The money stays exact (issue 46): over random mixes of click sales, coupon sales, renewals, approvals,
// refunds, publisher caps and referrals, each publisher's balance equals the sum of their approved commissions and the advertiser's
// invoice equals the commissions it bills — checked against a model the test keeps on its own.
//
// To add an action: add its arbitrary to `actionArbitraries` and its step to
// `perform`; both are keyed by the action's `type`, and TypeScript asks for the step once the arbitrary exists.

const PUBLISHERS = 3;

let t: TestApp;
let admin: Party;

beforeAll(async () => {
  ({ t } = await appWithParties());
  admin = await party(t, 'admin');
});
afterAll(() => t.close());

const actionArbitraries = {
  sale: fc.record({
    type: fc.constant('sale' as const),
    publisher: fc.integer({ min: 0, max: PUBLISHERS - 1 }),
    amountMinor: fc.integer({ min: 1, max: 5_000_000 }),
  }),
  /** a sale with the publisher's coupon code and no click */
  couponSale: fc.record({
    type: fc.constant('couponSale' as const),
    publisher: fc.integer({ min: 0, max: PUBLISHERS - 1 }),
    amountMinor: fc.integer({ min: 1, max: 5_000_000 }),
  }),
  /** a renewal of an earlier sale's subscription (by its customer_id), credited to that sale's publisher */
  renewal: fc.record({
    type: fc.constant('renewal' as const),
    pick: fc.nat(),
    amountMinor: fc.integer({ min: 1, max: 5_000_000 }),
  }),
  approve: fc.record({ type: fc.constant('approve' as const), pick: fc.nat() }),
  refund: fc.record({ type: fc.constant('refund' as const), pick: fc.nat() }),
  raiseCap: fc.record({ type: fc.constant('raiseCap' as const), by: fc.integer({ min: 1, max: 3 }) }),
};
type ArbitraryOf<T> = T extends fc.Arbitrary<infer A> ? A : never;
type Action = ArbitraryOf<(typeof actionArbitraries)[keyof typeof actionArbitraries]>;

interface ModelCommission {
  id: string;
  publisher: string;
  kind: 'standard' | 'referral';
  amountMinor: number;
  status: 'pending' | 'approved' | 'rejected' | 'reversed';
  /** the referral commission of a standard one, once approved */
  referral?: ModelCommission;
}

/** One run's world: a fresh advertiser, campaign and publishers (p1 referred by p0), and the model. */
interface World {
  adv: Party;
  pubs: Party[];
  links: { clickId: string; secret: string }[];
  /** each publisher's coupon code on the campaign */
  coupons: string[];
  /** the customers of the sales so far, with the publisher each sale was attributed to */
  customers: { id: string; publisher: number }[];
  campaignId: string;
  shareBps: number;
  dailyCap: number;
  maxCapSeen: number;
  commissions: ModelCommission[];
  orders: number;
}

const major = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

async function referralRow(w: World, underlyingId: string) {
  const list = await call(
    t,
    'GET',
    `/api/commissions?status=pending&limit=100&publisher_id=${w.pubs[0]!.id}`,
    {
      token: w.adv.token,
    },
  );
  return (list.json() as { id: string; referral_of: string | null; amount_minor: number }[]).find(
    (c) => c.referral_of === underlyingId,
  );
}

/**
 * Sends a conversion postback and records its commission in the model as `publisher`'s; the only rule that
 * rejects here is the publisher's cap (no budget, no daily cap on the campaign).
 */
async function convert(w: World, publisher: number, fields: Record<string, unknown>) {
  w.orders += 1;
  const res = await postback(t, { order_id: `o-${w.orders}`, secret: w.links[0]!.secret, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  const status = body.status as ModelCommission['status'];
  if (status === 'rejected') return;
  w.commissions.push({
    id: body.commission_id,
    publisher: w.pubs[publisher]!.id,
    kind: 'standard',
    amountMinor: body.commission_minor,
    status,
  });
}

/** a new customer of `publisher`'s, whose subscription later renewals name */
function newCustomer(w: World, publisher: number) {
  const id = `cust-${w.customers.length + 1}`;
  w.customers.push({ id, publisher });
  return id;
}

const perform: { [K in Action['type']]: (w: World, a: Extract<Action, { type: K }>) => Promise<void> } = {
  async sale(w, a) {
    await convert(w, a.publisher, {
      click_id: w.links[a.publisher]!.clickId,
      amount: major(a.amountMinor),
      customer_id: newCustomer(w, a.publisher),
    });
  },
  async couponSale(w, a) {
    await convert(w, a.publisher, {
      coupon: w.coupons[a.publisher]!,
      amount: major(a.amountMinor),
      customer_id: newCustomer(w, a.publisher),
    });
  },
  async renewal(w, a) {
    if (w.customers.length === 0) return;
    const customer = w.customers[a.pick % w.customers.length]!;
    await convert(w, customer.publisher, {
      event: 'renewal',
      customer_id: customer.id,
      amount: major(a.amountMinor),
    });
  },
  async approve(w, a) {
    const pending = w.commissions.filter((c) => c.status === 'pending');
    if (pending.length === 0) return;
    const c = pending[a.pick % pending.length]!;
    const res = await call(t, 'POST', `/api/commissions/${c.id}/approve`, { token: w.adv.token });
    expect(res.statusCode).toBe(200);
    c.status = 'approved';
    if (c.kind !== 'standard' || c.publisher !== w.pubs[1]!.id) return;
    const share = referralShareMinor(c.amountMinor, w.shareBps);
    const row = await referralRow(w, c.id);
    if (share === 0) {
      expect(row).toBeUndefined();
      return;
    }
    expect(row?.amount_minor).toBe(share);
    c.referral = {
      id: row!.id,
      publisher: w.pubs[0]!.id,
      kind: 'referral',
      amountMinor: share,
      status: 'pending',
    };
    w.commissions.push(c.referral);
  },
  async refund(w, a) {
    const approved = w.commissions.filter((c) => c.status === 'approved' && c.kind === 'standard');
    if (approved.length === 0) return;
    const c = approved[a.pick % approved.length]!;
    const res = await call(t, 'POST', `/api/commissions/${c.id}/reverse`, {
      token: w.adv.token,
      payload: { reason: 'Refund' },
    });
    expect(res.statusCode).toBe(200);
    c.status = 'reversed';
    if (c.referral) c.referral.status = c.referral.status === 'pending' ? 'rejected' : 'reversed';
  },
  async raiseCap(w, a) {
    w.dailyCap += a.by;
    w.maxCapSeen = Math.max(w.maxCapSeen, w.dailyCap);
    const res = await call(t, 'PUT', `/api/campaigns/${w.campaignId}`, {
      token: w.adv.token,
      payload: { publisher_caps: { daily_conversions: w.dailyCap } },
    });
    expect(res.statusCode).toBe(200);
  },
};

async function newWorld(shareBps: number, dailyCap: number, revshareBps: number): Promise<World> {
  const set = await call(t, 'PUT', '/api/admin/settings', {
    token: admin.token,
    payload: { referral_share_bps: shareBps, referral_months: 12 },
  });
  expect(set.statusCode).toBe(200);
  const adv = await party(t, 'advertiser');
  const referrer = await party(t, 'publisher');
  const code = (await call(t, 'GET', '/api/referrals', { token: referrer.token })).json().code;
  const email = `prop-${Date.now()}-${Math.random().toString(36).slice(2)}@test.example`;
  const reg = await call(t, 'POST', '/api/auth/register-simplified', {
    payload: { email, password: 'correct-horse-battery-staple', role: 'publisher', referral_code: code },
  });
  expect(reg.statusCode).toBe(201);
  const referred = { id: reg.json().user.id, token: reg.json().access_token };
  const pubs = [referrer, referred, await party(t, 'publisher')];
  const campaign = {
    commission_model: 'revshare',
    payout_minor: null,
    revshare_bps: revshareBps,
    publisher_caps: { daily_conversions: dailyCap },
    // every renewal for the customer's life pays the same share as the first sale
    recurring: { months: null, revshare_bps: revshareBps },
  };
  const first = await approvedLink(t, adv, pubs[0]!, campaign);
  const links: World['links'] = [];
  for (const [i, p] of pubs.entries()) {
    const code =
      i === 0
        ? first.code
        : await (async () => {
            const { websites } = await import('../../server/db/schema/marketplace');
            const site = (
              await call(t, 'POST', '/api/websites', {
                token: p.token,
                payload: { url: `https://prop-${i}-${Date.now()}.example`, name: 'S', category: 'travel' },
              })
            ).json();
            const { eq } = await import('drizzle-orm');
            await t.database.db
              .update(websites)
              .set({ verificationStatus: 'verified' })
              .where(eq(websites.id, site.id));
            const applied = await call(t, 'POST', '/api/applications', {
              token: p.token,
              payload: { campaign_id: first.campaign.id, website_id: site.id },
            });
            return applied.json().tracking_code as string;
          })();
    const { clickId } = await clickOn(t, code, { ip: `198.51.100.${10 + i}` });
    links.push({ clickId: clickId!, secret: first.campaign.tracking_secret });
  }
  const coupons: string[] = [];
  for (const [i, p] of pubs.entries()) {
    const code = `PROP-${i}`;
    const given = await call(t, 'POST', `/api/campaigns/${first.campaign.id}/coupons`, {
      token: adv.token,
      payload: { code, publisher_id: p.id },
    });
    expect(given.statusCode, given.body).toBe(201);
    coupons.push(code);
  }
  return {
    adv,
    pubs,
    links,
    coupons,
    customers: [],
    campaignId: first.campaign.id,
    shareBps,
    dailyCap,
    maxCapSeen: dailyCap,
    commissions: [],
    orders: 0,
  };
}

async function checkMoney(w: World) {
  for (const p of w.pubs) {
    const expected = w.commissions
      .filter((c) => c.publisher === p.id && c.status === 'approved')
      .reduce((s, c) => s + c.amountMinor, 0);
    const balance = await call(t, 'GET', '/api/commissions/balance', { token: p.token });
    const usd = (balance.json() as { currency: string; approved_minor: number }[]).find(
      (b) => b.currency === 'USD',
    );
    expect(Number(usd?.approved_minor ?? 0)).toBe(expected);
    // never more paid standard commissions than the highest cap set
    const paidStandard = w.commissions.filter((c) => c.publisher === p.id && c.kind === 'standard');
    expect(paidStandard.length).toBeLessThanOrEqual(w.maxCapSeen);
  }
  const billed = w.commissions.filter((c) => c.status === 'approved').reduce((s, c) => s + c.amountMinor, 0);
  // this month's invoice, generated as at the start of next month (invoices cover ended months)
  const today = new Date();
  const month = today.toISOString().slice(0, 7);
  const nextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1, 0, 0, 1));
  const invoices = await generateInvoices(
    t.database.db,
    { month, advertiser_id: w.adv.id },
    { actorId: admin.id, now: nextMonth },
  );
  expect(invoices.reduce((s, i) => s + Number(i.subtotal_minor), 0)).toBe(billed);
}

describe('money property', () => {
  it('balances equal approved commissions and invoices equal what they bill, for any mix', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.oneof(...Object.values(actionArbitraries)), { minLength: 1, maxLength: 14 }),
        async (shareBps, dailyCap, revshareBps, actions) => {
          const w = await newWorld(shareBps, dailyCap, revshareBps);
          for (const a of actions as Action[]) {
            await (perform[a.type] as (w: World, a: Action) => Promise<void>)(w, a);
          }
          await checkMoney(w);
        },
      ),
      { numRuns: Number(process.env.MONEY_PROPERTY_RUNS ?? 6), endOnFailure: true },
    );
  }, 300_000);
});
