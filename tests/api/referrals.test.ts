import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { referrals } from '../../server/db/schema/referrals';
import { users } from '../../server/db/schema/users';
import { approveDueCommissions } from '../../server/modules/commissions/service';
import { referralShareMinor } from '../../server/modules/commissions/referral-commissions';
import type { AppContext } from '../../server/context';
import { EventBus } from '../../server/platform/events';
import { call, type TestApp } from './support/test-app';
import {
  approvedLink,
  appWithParties,
  clickOn,
  party,
  postback,
  type Party,
} from './support/tracking-fixtures';

// Two-tier (issue 46): a publisher's referral code and link, sign-up with referral_code, and the referrer's
// share of each approved commission of the publishers they referred as a separate `referral` commission with
// the same lifecycle. Runs on PGlite, and on PostgreSQL with DATABASE_URL.

let t: TestApp;
let adv: Party;
let admin: Party;
let referrer: Party;
let n = 0;

beforeAll(async () => {
  let pub: Party;
  ({ t, adv, pub } = await appWithParties());
  referrer = pub;
  admin = await party(t, 'admin');
});
afterAll(() => t.close());

const setProgramme = (body: Record<string, unknown>) =>
  call(t, 'PUT', '/api/admin/settings', { token: admin.token, payload: body });

const referralsOf = (p: Party, query = '') => call(t, 'GET', `/api/referrals${query}`, { token: p.token });

async function codeOf(p: Party): Promise<string> {
  return (await referralsOf(p)).json().code as string;
}

const userCount = async () => (await t.database.db.select({ id: users.id }).from(users)).length;

/** Registers a publisher through the API with the code; answers the new party. */
async function signUp(code: string | undefined, simplified = false): Promise<Party & { email: string }> {
  n += 1;
  const email = `referred${n}-${Date.now()}@test.example`;
  const payload = simplified
    ? { email, password: 'correct-horse-battery-staple', role: 'publisher', referral_code: code }
    : {
        email,
        password: 'correct-horse-battery-staple',
        name: `Referred ${n}`,
        role: 'publisher',
        referral_code: code,
      };
  const res = await call(t, 'POST', simplified ? '/api/auth/register-simplified' : '/api/auth/register', {
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  return { id: res.json().user.id, token: res.json().access_token, email };
}

/** An approved 15.00 commission of `publisher` (approved by the advertiser): its id. */
async function approvedCommission(publisher: Party, campaign: Record<string, unknown> = {}) {
  const link = await approvedLink(t, adv, publisher, campaign);
  const { clickId } = await clickOn(t, link.code, { ip: `198.51.100.${(n += 1) % 250}` });
  const sale = await postback(t, {
    click_id: clickId,
    order_id: `order-${n}-${Date.now()}`,
    amount: '80.00',
    secret: link.campaign.tracking_secret,
  });
  const id = sale.json().commission_id as string;
  const approved = await call(t, 'POST', `/api/commissions/${id}/approve`, { token: adv.token });
  expect(approved.statusCode).toBe(200);
  return id;
}

const quietCtx = () =>
  ({
    db: t.database.db,
    notifier: { notify: async () => undefined },
    events: new EventBus(),
  }) as unknown as AppContext;

const referralFor = async (commissionId: string) =>
  (await t.database.db.select().from(commissions).where(eq(commissions.referralOf, commissionId)))[0];

describe('GET /api/referrals', () => {
  it('gives a publisher a stable code and a sign-up link with it', async () => {
    const first = await referralsOf(referrer);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(body.link).toMatch(new RegExp(`/register\\?ref=${body.code}$`));
    expect(body).toMatchObject({ enabled: false, share_bps: 0, referred: [] });
    expect((await referralsOf(referrer)).json().code).toBe(body.code);
  });

  it('is for publishers: 401 signed out, 403 for advertisers, admins must name the publisher', async () => {
    expect((await call(t, 'GET', '/api/referrals')).statusCode).toBe(401);
    expect((await referralsOf(adv)).statusCode).toBe(403);
    expect((await referralsOf(admin)).statusCode).toBe(422);
    const seen = await referralsOf(admin, `?publisher_id=${referrer.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().code).toBe(await codeOf(referrer));
  });

  it('never shows another publisher’s referrals (their id answers 404)', async () => {
    const other = await party(t, 'publisher');
    expect((await referralsOf(other, `?publisher_id=${referrer.id}`)).statusCode).toBe(404);
    expect((await referralsOf(other, '?publisher_id=not-a-uuid')).statusCode).toBe(422);
    expect((await codeOf(other)) === (await codeOf(referrer))).toBe(false);
  });
});

describe('admin settings of the programme', () => {
  it.each([
    [{ referral_share_bps: -1 }, 'referral_share_bps'],
    [{ referral_share_bps: 10_001 }, 'referral_share_bps'],
    [{ referral_share_bps: 2.5 }, 'referral_share_bps'],
    [{ referral_months: 0 }, 'referral_months'],
    [{ referral_months: 'six' }, 'referral_months'],
  ])('refuses %j with 422 naming the field, and changes nothing', async (body, field) => {
    const res = await setProgramme(body);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(field);
    const now = await call(t, 'GET', '/api/admin/settings', { token: admin.token });
    expect(now.json()).toMatchObject({ referral_share_bps: 0, referral_months: 12 });
  });

  it('is for admins only', async () => {
    const res = await call(t, 'PUT', '/api/admin/settings', {
      token: referrer.token,
      payload: { referral_share_bps: 5000 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('signing up with a referral code', () => {
  it('ignores a valid code while the programme is off', async () => {
    const referred = await signUp(await codeOf(referrer));
    const rows = await t.database.db.select().from(referrals).where(eq(referrals.referredId, referred.id));
    expect(rows).toEqual([]);
  });

  it('refuses an unknown code, a malformed one and a code on an advertiser sign-up: 422, no account', async () => {
    expect((await setProgramme({ referral_share_bps: 1000, referral_months: 12 })).statusCode).toBe(200);
    const before = await userCount();
    const cases = [
      { role: 'publisher', referral_code: 'NOSUCHCODE' },
      { role: 'publisher', referral_code: 'no spaces!' },
      { role: 'publisher', referral_code: 42 },
      { role: 'advertiser', referral_code: await codeOf(referrer) },
    ];
    for (const c of cases) {
      const res = await call(t, 'POST', '/api/auth/register', {
        payload: {
          email: `bad-${Math.random()}@test.example`,
          password: 'correct-horse-battery-staple',
          name: 'X',
          ...c,
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.body).toContain('referral_code');
    }
    expect(await userCount()).toBe(before);
  });

  it('records the referral, case-insensitively, on both sign-up forms; an existing account is not re-referred', async () => {
    const code = await codeOf(referrer);
    const a = await signUp(code);
    const b = await signUp(code.toLowerCase(), true);
    const list = (await referralsOf(referrer)).json();
    expect(list.enabled).toBe(true);
    const ids = list.referred.map((r: { publisher_id: string }) => r.publisher_id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(list.referred.find((r: { publisher_id: string }) => r.publisher_id === a.id)).toMatchObject({
      display_name: expect.any(String),
      earned_minor: 0,
      currency: expect.any(String),
    });
    // registering an existing e-mail again with another publisher's code: 409, nothing changes
    const other = await party(t, 'publisher');
    const again = await call(t, 'POST', '/api/auth/register', {
      payload: {
        email: a.email,
        password: 'correct-horse-battery-staple',
        name: 'Again',
        role: 'publisher',
        referral_code: await codeOf(other),
      },
    });
    expect(again.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.referredId, a.id));
    expect(row!.referrerId).toBe(referrer.id);
    // the other publisher sees none of them
    expect((await referralsOf(other)).json().referred).toEqual([]);
  });
});

describe('referral commissions', () => {
  it('rounds the share down (floor of amount × bps / 10000)', () => {
    expect(referralShareMinor(1500, 1000)).toBe(150);
    expect(referralShareMinor(1500, 333)).toBe(49);
    expect(referralShareMinor(1, 9999)).toBe(0);
    expect(referralShareMinor(9_007_199_254_740, 10_000)).toBe(9_007_199_254_740);
  });

  it('pays the referrer a pending share of an approved commission, with the same lifecycle', async () => {
    await setProgramme({ referral_share_bps: 333, referral_months: 12 });
    const referred = await signUp(await codeOf(referrer));
    const id = await approvedCommission(referred);
    const referral = await referralFor(id);
    expect(referral).toMatchObject({
      kind: 'referral',
      status: 'pending',
      amountMinor: 49,
      publisherId: referrer.id,
      advertiserId: adv.id,
    });
    const listed = await call(t, 'GET', '/api/commissions?status=pending', { token: referrer.token });
    expect(listed.json().find((c: { id: string }) => c.id === referral!.id)).toMatchObject({
      kind: 'referral',
      referral_of: id,
      amount_minor: 49,
    });
    // the referred publisher does not see it
    expect(
      (await call(t, 'GET', `/api/commissions/${referral!.id}`, { token: referred.token })).statusCode,
    ).toBe(404);
    // the hold period approves it; then it counts in the referrer's balance and earnings
    await approveDueCommissions(quietCtx(), new Date(Date.now() + 400 * 24 * 60 * 60 * 1000));
    expect((await referralFor(id))!.status).toBe('approved');
    const earned = (await referralsOf(referrer))
      .json()
      .referred.find((r: { publisher_id: string }) => r.publisher_id === referred.id);
    expect(earned).toMatchObject({ earned_minor: 49, currency: 'USD' });
  });

  it('is one level only: a referral commission earns its own referrer nothing', async () => {
    await setProgramme({ referral_share_bps: 1000 });
    const middle = await signUp(await codeOf(referrer));
    const bottom = await signUp(await codeOf(middle));
    const id = await approvedCommission(bottom);
    const referral = await referralFor(id);
    expect(referral).toMatchObject({ publisherId: middle.id, amountMinor: 150 });
    await call(t, 'POST', `/api/commissions/${referral!.id}/approve`, { token: adv.token });
    expect(await referralFor(referral!.id)).toBeUndefined();
  });

  it('follows the underlying commission when it is reversed', async () => {
    await setProgramme({ referral_share_bps: 1000 });
    const referred = await signUp(await codeOf(referrer));
    // pending referral: rejected with the underlying reversal
    const first = await approvedCommission(referred);
    const r1 = await call(t, 'POST', `/api/commissions/${first}/reverse`, {
      token: adv.token,
      payload: { reason: 'Refund' },
    });
    expect(r1.statusCode).toBe(200);
    expect(await referralFor(first)).toMatchObject({ status: 'rejected' });
    // approved referral: reversed
    const second = await approvedCommission(referred);
    const referral = await referralFor(second);
    await call(t, 'POST', `/api/commissions/${referral!.id}/approve`, { token: adv.token });
    await call(t, 'POST', `/api/commissions/${second}/reverse`, {
      token: adv.token,
      payload: { reason: 'Refund' },
    });
    expect(await referralFor(second)).toMatchObject({ status: 'reversed' });
  });

  it('stops after referral_months from the referred publisher’s join', async () => {
    await setProgramme({ referral_share_bps: 1000, referral_months: 1 });
    const referred = await signUp(await codeOf(referrer));
    await t.database.db
      .update(referrals)
      .set({ createdAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000) })
      .where(eq(referrals.referredId, referred.id));
    const id = await approvedCommission(referred);
    expect(await referralFor(id)).toBeUndefined();
  });

  it('pays nothing once the admin turns the programme off', async () => {
    await setProgramme({ referral_share_bps: 1000, referral_months: 12 });
    const referred = await signUp(await codeOf(referrer));
    await setProgramme({ referral_share_bps: 0 });
    const id = await approvedCommission(referred);
    expect(await referralFor(id)).toBeUndefined();
  });
});
