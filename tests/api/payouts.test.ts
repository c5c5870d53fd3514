import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { payouts } from '../../server/db/schema/billing';
import { commissions } from '../../server/db/schema/commissions';
import { notifications } from '../../server/db/schema/notifications';
import { auditLog } from '../../server/db/schema/platform';
import { DEMO_PASSWORD, seedIfEmpty } from '../../server/seed/seed';
import { call, createTestApp, login, type TestApp } from './support/test-app';
import {
  approvedLink,
  clickOn,
  party,
  postback,
  type LinkFixture,
  type Party,
} from './support/tracking-fixtures';

let t: TestApp;
let adv: Party;
let admin: Party;

beforeAll(async () => {
  t = await createTestApp();
  [adv, admin] = await Promise.all([party(t, 'advertiser'), party(t, 'admin')]);
});
afterAll(() => t.close());

const get = (token: string, url: string) => call(t, 'GET', url, { token });
const post = (token: string, url: string, payload?: unknown) => call(t, 'POST', url, { token, payload });

/** A publisher with a payout method in the profile (unless told otherwise). */
async function publisher(withMethod = true): Promise<Party> {
  const p = await party(t, 'publisher');
  if (withMethod) {
    const res = await call(t, 'PUT', '/api/auth/profile', {
      token: p.token,
      payload: { payout_method: 'paypal', payout_details: 'me@paypal.example' },
    });
    expect(res.statusCode).toBe(200);
  }
  return p;
}

const links = new Map<string, LinkFixture>();
let n = 0;
/** An approved commission of `amountMinor` for `pub` on a campaign in `currency` (cpa). */
async function earn(pub: Party, amountMinor: number, currency = 'USD'): Promise<string> {
  const key = `${pub.id}|${currency}|${amountMinor}`;
  let link = links.get(key);
  if (!link) {
    link = await approvedLink(t, adv, pub, { currency, payout_minor: amountMinor, name: `Shop ${currency}` });
    links.set(key, link);
  }
  n += 1;
  const { clickId } = await clickOn(t, link.code, { ip: `198.18.${Math.floor(n / 250)}.${n % 250}` });
  const res = await postback(t, {
    click_id: clickId,
    order_id: `order-${n}`,
    amount: '100.00',
    currency,
    secret: link.campaign.tracking_secret,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const id = res.json().commission_id as string;
  const approved = await post(adv.token, `/api/commissions/${id}/approve`);
  if (approved.statusCode !== 200) throw new Error(approved.body);
  return id;
}

const balanceOf = async (pub: Party, currency = 'USD') =>
  (
    (await get(pub.token, '/api/commissions/balance')).json() as {
      currency: string;
      approved_minor: number;
    }[]
  ).find((b) => b.currency === currency)?.approved_minor ?? 0;
const commissionRow = async (id: string) =>
  (await t.database.db.select().from(commissions).where(eq(commissions.id, id)))[0]!;
const auditActions = async (id: string) =>
  (
    await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt)
  ).map((e) => [e.action, e.actorId, (e.before as { status?: string } | null)?.status ?? null]);
const titlesFor = async (userId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (x) => x.title,
  );

describe('requesting a payout', () => {
  it('pays the whole approved balance once it reaches the minimum, clawbacks included', async () => {
    const pub = await publisher();
    const first = await earn(pub, 3000);
    // below the 50.00 USD default minimum: refused, saying how much is missing
    const low = await post(pub.token, '/api/payouts', { currency: 'USD' });
    expect(low.statusCode).toBe(422);
    expect(low.json().detail).toBe(
      'Your USD balance is 30.00 USD; payouts start at 50.00 USD (50.00 USD), so 20.00 USD more is needed',
    );
    const eligibility = (await get(pub.token, '/api/payouts/eligibility')).json();
    expect(eligibility.balances).toEqual([
      expect.objectContaining({
        currency: 'USD',
        available_minor: 3000,
        missing_minor: 2000,
        can_request: false,
      }),
    ]);

    // a paid commission reversed later: its clawback is taken from this payout
    await t.database.db.update(commissions).set({ status: 'paid' }).where(eq(commissions.id, first));
    const clawback = await post(adv.token, `/api/commissions/${first}/reverse`, { reason: 'Refunded' });
    expect(clawback.json()).toMatchObject({ kind: 'clawback', amount_minor: -3000, status: 'approved' });
    const ids = [await earn(pub, 3000), await earn(pub, 3000), await earn(pub, 3000)];
    expect(await balanceOf(pub)).toBe(6000);

    const res = await post(pub.token, '/api/payouts', { currency: 'USD' });
    expect(res.statusCode).toBe(201);
    const payout = res.json();
    expect(payout).toMatchObject({
      publisher_id: pub.id,
      status: 'requested',
      amount_minor: 6000,
      currency: 'USD',
      commission_count: 4,
      payout_method: 'paypal',
      payout_details: 'me@paypal.example',
      reference: null,
    });
    for (const id of [...ids, clawback.json().id]) expect((await commissionRow(id)).payoutId).toBe(payout.id);
    expect(await balanceOf(pub)).toBe(0);
    expect((await get(pub.token, '/api/payouts/eligibility')).json().balances[0]).toMatchObject({
      available_minor: 0,
      can_request: false,
      open_payout: { id: payout.id, status: 'requested' },
    });
    expect(await auditActions(payout.id)).toEqual([['payout.requested', pub.id, null]]);
    expect(await titlesFor(admin.id)).toContain(`Payout requested by ${payout.publisher_name}: 60.00 USD`);

    // more earnings while one is open: the next request waits for it
    await earn(pub, 6000);
    const again = await post(pub.token, '/api/payouts', { currency: 'USD' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      'A payout in USD is already requested (60.00 USD); you can request the next one once it is paid or failed',
    );
  });

  it('compares the minimum, set in the default currency, after converting it with the stored rates', async () => {
    const pub = await publisher();
    await earn(pub, 4000, 'EUR');
    const low = await post(pub.token, '/api/payouts', { currency: 'EUR' });
    // 50.00 USD at the built-in 0.85 EUR per USD
    expect(low.json().detail).toBe(
      'Your EUR balance is 40.00 EUR; payouts start at 42.50 EUR (50.00 USD), so 2.50 EUR more is needed',
    );
    await earn(pub, 4000, 'EUR');
    const ok = await post(pub.token, '/api/payouts', { currency: 'EUR' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ amount_minor: 8000, currency: 'EUR' });
  });

  it('refuses without a payout method, with nothing to pay, for non-publishers and bad input', async () => {
    const bare = await publisher(false);
    await earn(bare, 6000);
    const noMethod = await post(bare.token, '/api/payouts', { currency: 'USD' });
    expect(noMethod.statusCode).toBe(422);
    expect(noMethod.json().detail).toMatch(/^Add a payout method/);
    const pub = await publisher();
    const nothing = await post(pub.token, '/api/payouts', { currency: 'GBP' });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().detail).toBe('There is nothing to pay out in GBP: the balance is 0.00 GBP');
    expect((await post(adv.token, '/api/payouts', { currency: 'USD' })).statusCode).toBe(403);
    expect((await post(admin.token, '/api/payouts', { currency: 'USD' })).statusCode).toBe(403);
    const bad = await post(pub.token, '/api/payouts', { currency: 'XXX' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/^currency: currency must be one of USD/);
    expect((await call(t, 'POST', '/api/payouts', { payload: { currency: 'USD' } })).statusCode).toBe(401);
    const made = await t.database.db
      .select()
      .from(payouts)
      .where(inArray(payouts.publisherId, [bare.id, pub.id]));
    const count = made.length;
    expect(count).toBe(0);
  });

  it('puts no commission in two payouts when ten requests race: exactly one payout', async () => {
    const pub = await publisher();
    const ids = await Promise.all([earn(pub, 2000), earn(pub, 2000), earn(pub, 2000)]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(pub.token, '/api/payouts', { currency: 'USD' })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().detail).toMatch(/^A payout in USD is already requested \(60\.00 USD\)/);
    }
    const rows = await t.database.db.select().from(payouts).where(eq(payouts.publisherId, pub.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountMinor: 6000, commissionCount: 3 });
    const held = await t.database.db
      .select({ payoutId: commissions.payoutId })
      .from(commissions)
      .where(and(eq(commissions.publisherId, pub.id), isNotNull(commissions.payoutId)));
    expect(held.map((h) => h.payoutId)).toEqual([rows[0]!.id, rows[0]!.id, rows[0]!.id]);
    expect(ids).toHaveLength(3);
  });
});

/** A requested payout of `pub` (earning what it needs first). */
async function requested(pub: Party, amountMinor = 6000) {
  const id = await earn(pub, amountMinor);
  const res = await post(pub.token, '/api/payouts', { currency: 'USD' });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { payout: res.json() as { id: string; status: string }, commissionId: id };
}

describe('the payout state machine', () => {
  it('goes requested → processing → paid with a reference; its commissions become paid', async () => {
    const pub = await publisher();
    const { payout, commissionId } = await requested(pub);
    const notYet = await post(admin.token, `/api/payouts/${payout.id}/paid`, { reference: 'TX-1' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().detail).toBe('The payout is requested; only a processing payout can be marked paid');

    const approved = await post(admin.token, `/api/payouts/${payout.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'processing', approved_at: expect.any(String) });
    const twice = await post(admin.token, `/api/payouts/${payout.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('The payout is processing; only a requested payout can be approved');

    for (const [body, detail] of [
      [{}, 'reference: reference is required'],
      [{ reference: '   ' }, 'reference: reference is required'],
      [{ reference: 'x'.repeat(201) }, 'reference: reference must be at most 200 characters'],
    ] as const) {
      const res = await post(admin.token, `/api/payouts/${payout.id}/paid`, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(detail);
    }
    expect((await commissionRow(commissionId)).status).toBe('approved');

    const paid = await post(admin.token, `/api/payouts/${payout.id}/paid`, {
      reference: '  SEPA-2025-0042 ',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'paid',
      reference: 'SEPA-2025-0042',
      paid_at: expect.any(String),
    });
    expect(await commissionRow(commissionId)).toMatchObject({ status: 'paid', payoutId: payout.id });
    const late = await post(admin.token, `/api/payouts/${payout.id}/failed`, { reason: 'Bounced' });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(
      'The payout is paid; only a requested or processing payout can be marked failed',
    );

    expect(await auditActions(payout.id)).toEqual([
      ['payout.requested', pub.id, null],
      ['payout.approved', admin.id, 'requested'],
      ['payout.paid', admin.id, 'processing'],
    ]);
    expect(await titlesFor(pub.id)).toEqual(
      expect.arrayContaining(['Payout approved: 60.00 USD', 'Payout paid: 60.00 USD']),
    );
    // a refund now claws back from the next payout instead
    const clawback = await post(adv.token, `/api/commissions/${commissionId}/reverse`, { reason: 'Refund' });
    expect(clawback.json()).toMatchObject({ kind: 'clawback', amount_minor: -6000 });
    expect(await balanceOf(pub)).toBe(-6000);
  });

  it('fails a requested or processing payout with a reason and returns its commissions to the balance', async () => {
    const pub = await publisher();
    const { payout, commissionId } = await requested(pub);
    expect((await post(admin.token, `/api/payouts/${payout.id}/failed`, {})).statusCode).toBe(422);
    const failed = await post(admin.token, `/api/payouts/${payout.id}/failed`, { reason: 'IBAN closed' });
    expect(failed.json()).toMatchObject({ status: 'failed', failure_reason: 'IBAN closed' });
    expect(await commissionRow(commissionId)).toMatchObject({ status: 'approved', payoutId: null });
    expect(await balanceOf(pub)).toBe(6000);
    expect((await post(admin.token, `/api/payouts/${payout.id}/approve`)).statusCode).toBe(409);
    expect(await titlesFor(pub.id)).toContain('Payout failed: 60.00 USD');

    // asked again: a new payout; failing it while processing works too
    const next = (await post(pub.token, '/api/payouts', { currency: 'USD' })).json();
    expect(next).toMatchObject({ status: 'requested', amount_minor: 6000 });
    await post(admin.token, `/api/payouts/${next.id}/approve`);
    const bounced = await post(admin.token, `/api/payouts/${next.id}/failed`, { reason: 'Bounced' });
    expect(bounced.json().status).toBe('failed');
    expect(await auditActions(next.id)).toEqual([
      ['payout.requested', pub.id, null],
      ['payout.approved', admin.id, 'requested'],
      ['payout.failed', admin.id, 'processing'],
    ]);
  });

  it('refuses to reverse a commission its open payout holds (409), and lets only one of racing decisions win', async () => {
    const pub = await publisher();
    const { payout, commissionId } = await requested(pub);
    const reverse = await post(adv.token, `/api/commissions/${commissionId}/reverse`, { reason: 'Refund' });
    expect(reverse.statusCode).toBe(409);
    expect(reverse.json().detail).toMatch(/^The commission is in an open payout/);
    expect(await commissionRow(commissionId)).toMatchObject({ status: 'approved', payoutId: payout.id });

    const racing = await Promise.all([
      ...Array.from({ length: 5 }, () => post(admin.token, `/api/payouts/${payout.id}/approve`)),
      ...Array.from({ length: 5 }, () =>
        post(admin.token, `/api/payouts/${payout.id}/failed`, { reason: 'Duplicate' }),
      ),
    ]);
    // a failure wins from requested or from processing, exactly once; an approval at most once before it
    const won = racing.filter((r) => r.statusCode === 200).map((r) => r.json().status as string);
    expect(won.filter((s) => s === 'failed')).toHaveLength(1);
    expect(won.filter((s) => s === 'processing').length).toBeLessThanOrEqual(1);
    expect(racing.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await commissionRow(commissionId)).toMatchObject({ status: 'approved', payoutId: null });
  });

  it('checks who may decide: admins only; unknown ids are 404', async () => {
    const pub = await publisher();
    const { payout } = await requested(pub);
    expect((await post(pub.token, `/api/payouts/${payout.id}/approve`)).statusCode).toBe(403);
    expect((await post(adv.token, `/api/payouts/${payout.id}/approve`)).statusCode).toBe(403);
    const unknown = await post(admin.token, '/api/payouts/00000000-0000-4000-8000-000000000000/approve');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Payout not found');
    expect((await post(admin.token, '/api/payouts/not-a-uuid/approve')).statusCode).toBe(422);
  });
});

describe('reading payouts', () => {
  it('shows publishers their own, admins all with filters, paging and X-Total-Count; advertisers none', async () => {
    const [a, b] = [await publisher(), await publisher()];
    const mine = (await requested(a)).payout;
    const theirs = (await requested(b)).payout;
    await post(admin.token, `/api/payouts/${theirs.id}/approve`);

    const own = await get(a.token, `/api/payouts?publisher_id=${b.id}`);
    expect(own.json().map((p: { id: string }) => p.id)).toEqual([mine.id]);
    expect(own.headers['x-total-count']).toBe('1');
    expect((await get(b.token, `/api/payouts/${mine.id}`)).statusCode).toBe(404);
    expect((await get(adv.token, '/api/payouts')).statusCode).toBe(403);
    expect((await get(adv.token, `/api/payouts/${mine.id}`)).statusCode).toBe(403);
    expect((await get(adv.token, '/api/payouts/eligibility')).statusCode).toBe(403);

    const ids = async (query: string) => {
      const res = await get(admin.token, `/api/payouts?${query}`);
      expect(res.statusCode).toBe(200);
      return { ids: res.json().map((p: { id: string }) => p.id), total: res.headers['x-total-count'] };
    };
    expect((await ids(`publisher_id=${b.id}`)).ids).toEqual([theirs.id]);
    expect((await ids(`publisher_id=${b.id}&status=requested`)).ids).toEqual([]);
    expect((await ids(`publisher_id=${b.id}&status=open`)).ids).toEqual([theirs.id]);
    expect((await ids(`publisher_id=${a.id}&currency=EUR`)).ids).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await ids(`publisher_id=${a.id}&from=${today}&to=${today}`)).ids).toEqual([mine.id]);
    expect((await ids(`publisher_id=${a.id}&from=2001-01-01&to=2001-01-31`)).ids).toEqual([]);
    const page = await ids('limit=1&offset=1');
    expect(page.ids).toHaveLength(1);
    expect(Number(page.total)).toBeGreaterThan(2);
    expect((await get(admin.token, '/api/payouts?status=lost')).statusCode).toBe(422);
    expect((await get(admin.token, '/api/payouts?from=2025-02-30')).statusCode).toBe(422);
  });

  it('details a payout per campaign with a page of its commissions', async () => {
    const pub = await publisher();
    const ids = [await earn(pub, 2500), await earn(pub, 2500), await earn(pub, 1000, 'USD')];
    const payout = (await post(pub.token, '/api/payouts', { currency: 'USD' })).json();
    const detail = await get(pub.token, `/api/payouts/${payout.id}?limit=2`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: payout.id, amount_minor: 6000, commission_count: 3 });
    expect(detail.json().commissions).toHaveLength(2);
    expect(
      detail
        .json()
        .campaigns.map((c: { commissions: number; amount_minor: number }) => [c.commissions, c.amount_minor])
        .sort(),
    ).toEqual([
      [1, 1000],
      [2, 5000],
    ]);
    const rest = (await get(admin.token, `/api/payouts/${payout.id}?limit=2&offset=2`)).json();
    expect(
      [...detail.json().commissions, ...rest.commissions].map((c: { id: string }) => c.id).sort(),
    ).toEqual([...ids].sort());
  });

  it('exports the queue as formula-safe CSV with the list filters', async () => {
    const pub = await publisher();
    await t.database.db.execute(sql`update users set name = '=HYPERLINK("x")' where id = ${pub.id}`);
    const { payout } = await requested(pub, 12345);
    const res = await get(admin.token, `/api/payouts?format=csv&publisher_id=${pub.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, row, ...rest] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'id,created_at,publisher_id,publisher_name,publisher_email,status,amount,currency,commission_count,' +
        'payout_method,payout_details,reference,approved_at,paid_at,failed_at,failure_reason',
    );
    expect(rest).toEqual([]);
    expect(row).toContain(`${payout.id},`);
    expect(row).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(row).toContain(',requested,123.45,USD,1,paypal,me@paypal.example,,');
  });
});

describe('bulk decisions', () => {
  it('approves many and marks many paid, each with its reference, answering per id', async () => {
    const [a, b] = [await publisher(), await publisher()];
    const pa = (await requested(a)).payout;
    const pb = (await requested(b)).payout;
    const missing = '00000000-0000-4000-8000-00000000beef';
    const approve = await post(admin.token, '/api/payouts/bulk/approve', {
      ids: [pa.id, pb.id, pa.id, missing],
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().updated.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([
      [pa.id, 'processing'],
      [pb.id, 'processing'],
    ]);
    expect(approve.json().failed).toEqual([{ id: missing, detail: 'Payout not found' }]);

    const paid = await post(admin.token, '/api/payouts/bulk/paid', {
      items: [
        { id: pa.id, reference: 'TX-A' },
        { id: pb.id, reference: 'TX-B' },
        { id: pa.id, reference: 'TX-A2' },
      ],
    });
    expect(paid.json().updated.map((p: { reference: string }) => p.reference)).toEqual(['TX-A', 'TX-B']);
    expect(paid.json().failed).toEqual([{ id: pa.id, detail: 'The payout is listed more than once' }]);
    const refused = await post(admin.token, '/api/payouts/bulk/paid', {
      items: [{ id: pa.id, reference: 'again' }],
    });
    expect(refused.json()).toEqual({
      updated: [],
      failed: [{ id: pa.id, detail: 'The payout is paid; only a processing payout can be marked paid' }],
    });
    const noReference = await post(admin.token, '/api/payouts/bulk/paid', {
      items: [{ id: pb.id, reference: '' }],
    });
    expect(noReference.statusCode).toBe(422);
    expect((await post(a.token, '/api/payouts/bulk/approve', { ids: [pa.id] })).statusCode).toBe(403);
  });
});

describe('the demo payouts', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
    await seedIfEmpty(demo.database.db, testConfig({ seed: 'demo' }));
  }, 120_000);
  afterAll(() => demo.close());

  it('gives Paula paid payouts covering her paid commissions and balances over the minimum', async () => {
    const token = await login(demo, 'paula@publisher.test', DEMO_PASSWORD);
    const list = (await call(demo, 'GET', '/api/payouts?limit=100', { token })).json();
    const paid = list.filter((p: { status: string }) => p.status === 'paid');
    expect(paid.length).toBeGreaterThanOrEqual(1);
    for (const p of paid) expect(p.reference).toMatch(/^PAYPAL-\d{8}-\d{4}$/);
    const detail = (await call(demo, 'GET', `/api/payouts/${paid[0].id}?limit=500`, { token })).json();
    expect(detail.commissions.every((c: { status: string }) => c.status === 'paid')).toBe(true);
    const covered = detail.campaigns.reduce(
      (sum: number, c: { amount_minor: number }) => sum + c.amount_minor,
      0,
    );
    expect(covered).toBe(detail.amount_minor);

    const { balances } = (await call(demo, 'GET', '/api/payouts/eligibility', { token })).json();
    expect(balances.length).toBeGreaterThan(0);
    expect(balances.filter((b: { can_request: boolean }) => b.can_request).length).toBeGreaterThan(0);

    const result = await demo.database.db.execute(sql`
      select count(*) filter (where status = 'paid' and payout_id is null)::int orphans,
        count(*) filter (where status = 'approved' and payout_id is not null)::int held
      from commissions`);
    const unpaid = (result as unknown as { rows: { orphans: number; held: number }[] }).rows[0]!;
    expect(unpaid.orphans).toBe(0);
    expect(unpaid.held).toBeGreaterThan(0);
    const adminToken = await login(demo, 'admin@affilio.test', 'affilio-admin');
    const open = (await call(demo, 'GET', '/api/payouts?status=open', { token: adminToken })).json();
    expect(
      open.map((p: { status: string; publisher_email: string }) => [p.publisher_email, p.status]).sort(),
    ).toEqual([
      ['peter@publisher.test', 'requested'],
      ['priya@publisher.test', 'processing'],
    ]);
  });
});
