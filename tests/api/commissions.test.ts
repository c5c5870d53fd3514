import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { commissions } from '../../server/db/schema/commissions';
import { notifications } from '../../server/db/schema/notifications';
import { auditLog } from '../../server/db/schema/platform';
import { approveDueCommissions } from '../../server/modules/commissions/service';
import { EventBus } from '../../server/platform/events';
import { Notifier } from '../../server/platform/notifier';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, clickOn, party, postback, type Party } from './support/tracking-fixtures';

let t: TestApp;
let adv: Party;
let advB: Party;
let pub: Party;
let pubB: Party;
let admin: Party;

beforeAll(async () => {
  t = await createTestApp();
  [adv, advB, pub, pubB, admin] = await Promise.all([
    party(t, 'advertiser'),
    party(t, 'advertiser'),
    party(t, 'publisher'),
    party(t, 'publisher'),
    party(t, 'admin'),
  ]);
});
afterAll(() => t.close());

let n = 0;
/** A pending commission of `publisher` on a fresh campaign of `advertiser`. */
async function pending(advertiser = adv, publisher = pub, campaign: Record<string, unknown> = {}) {
  const link = await approvedLink(t, advertiser, publisher, campaign);
  const { clickId } = await clickOn(t, link.code, { ip: `100.64.0.${++n % 250}` });
  const res = await postback(t, {
    click_id: clickId,
    order_id: `o-${n}`,
    amount: '50.00',
    secret: link.campaign.tracking_secret,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { id: res.json().commission_id as string, campaignId: link.campaign.id, link };
}
const get = (token: string, url: string) => call(t, 'GET', url, { token });
const post = (token: string, url: string, payload?: unknown) => call(t, 'POST', url, { token, payload });
const statusOf = async (id: string) =>
  (await t.database.db.select().from(commissions).where(eq(commissions.id, id)))[0]!.status;

describe('who sees which commissions', () => {
  it('shows publishers their own, advertisers those on their campaigns, admins all', async () => {
    const mine = await pending(adv, pub);
    const theirs = await pending(advB, pubB);
    const ids = async (token: string) =>
      (await get(token, '/api/commissions?limit=100')).json().map((c: { id: string }) => c.id);
    expect(await ids(pub.token)).toContain(mine.id);
    expect(await ids(pub.token)).not.toContain(theirs.id);
    expect(await ids(adv.token)).toContain(mine.id);
    expect(await ids(adv.token)).not.toContain(theirs.id);
    expect(await ids(admin.token)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await get(pubB.token, `/api/commissions/${mine.id}`)).statusCode).toBe(404);
    expect((await get(advB.token, `/api/commissions/${mine.id}`)).statusCode).toBe(404);
    const one = await get(pub.token, `/api/commissions/${mine.id}`);
    expect(one.json()).toMatchObject({
      status: 'pending',
      amount_minor: 1500,
      currency: 'USD',
      order_id: expect.stringMatching(/^o-/),
      event: 'sale',
      sale_amount_minor: 5000,
      campaign_name: 'Tracked campaign',
      kind: 'conversion',
    });
    expect(Date.parse(one.json().auto_approve_at) - Date.parse(one.json().created_at)).toBe(
      30 * 24 * 3600 * 1000,
    );
    expect((await get(pub.token, '/api/commissions/not-a-uuid')).statusCode).toBe(422);
  });

  it('filters by status, campaign and date, and totals per status per currency', async () => {
    const a = await pending(adv, pub);
    const b = await pending(adv, pub, { currency: 'EUR' });
    await post(adv.token, `/api/commissions/${b.id}/approve`);
    const byCampaign = await get(pub.token, `/api/commissions?campaign_id=${a.campaignId}`);
    expect(byCampaign.json().map((c: { id: string }) => c.id)).toEqual([a.id]);
    expect(byCampaign.headers['x-total-count']).toBe('1');
    const approved = await get(pub.token, '/api/commissions?status=approved&limit=100');
    expect(approved.json().every((c: { status: string }) => c.status === 'approved')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await get(pub.token, `/api/commissions?from=${today}&to=${today}&limit=100`)).json().length,
    ).toBeGreaterThanOrEqual(2);
    expect((await get(pub.token, '/api/commissions?from=2001-01-01&to=2001-01-31')).json()).toEqual([]);
    expect((await get(pub.token, '/api/commissions?from=yesterday')).statusCode).toBe(422);
    const totals = (await get(pub.token, '/api/commissions/totals')).json();
    expect(totals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: 'EUR', status: 'approved', count: 1, amount_minor: 1500 }),
        expect.objectContaining({ currency: 'USD', status: 'pending' }),
      ]),
    );
  });
});

describe('deciding commissions', () => {
  it('lets the advertiser approve a pending commission once, audit-logged and notified', async () => {
    const c = await pending();
    const res = await post(adv.token, `/api/commissions/${c.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', auto_approve_at: null });
    expect(res.json().decided_at).not.toBeNull();
    const again = await post(adv.token, `/api/commissions/${c.id}/approve`);
    expect(again.statusCode).toBe(422);
    expect(again.json().detail).toBe('The commission is approved, not pending');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, c.id));
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([['commission.approved', adv.id]]);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, pub.id));
    expect(told.some((x) => x.title === 'Commission approved: 15.00 USD')).toBe(true);
  });

  it('refuses publishers, other advertisers and rejects without a reason; nothing changes', async () => {
    const c = await pending();
    expect((await post(pub.token, `/api/commissions/${c.id}/approve`)).statusCode).toBe(403);
    expect((await post(advB.token, `/api/commissions/${c.id}/approve`)).statusCode).toBe(404);
    expect((await post(advB.token, `/api/commissions/${c.id}/reject`, { reason: 'x' })).statusCode).toBe(404);
    expect((await post(adv.token, `/api/commissions/${c.id}/reject`, { reason: '  ' })).statusCode).toBe(422);
    expect((await post(adv.token, `/api/commissions/${c.id}/reverse`, { reason: 'refund' })).statusCode).toBe(
      422,
    );
    expect(await statusOf(c.id)).toBe('pending');
    const rejected = await post(admin.token, `/api/commissions/${c.id}/reject`, {
      reason: 'Order cancelled',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Order cancelled' });
    expect((await post(adv.token, `/api/commissions/${c.id}/approve`)).statusCode).toBe(422);
  });

  it('decides in bulk, reporting what could not change', async () => {
    const a = await pending();
    const b = await pending();
    const done = await pending();
    const foreign = await pending(advB, pubB);
    await post(adv.token, `/api/commissions/${done.id}/approve`);
    const res = await post(adv.token, '/api/commissions/bulk/approve', {
      ids: [a.id, b.id, done.id, foreign.id],
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .updated.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(res.json().failed).toEqual([
      { id: done.id, detail: 'The commission is approved, not pending' },
      { id: foreign.id, detail: 'Commission not found' },
    ]);
    expect(await statusOf(foreign.id)).toBe('pending');
    expect((await post(adv.token, '/api/commissions/bulk/reject', { ids: [foreign.id] })).statusCode).toBe(
      422,
    );
    expect((await post(adv.token, '/api/commissions/bulk/approve', { ids: [] })).statusCode).toBe(422);
    // one notification for the batch, not one per commission
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, pub.id));
    expect(told.filter((x) => x.title === '2 commissions approved: 30.00 USD')).toHaveLength(1);
  });

  it('reverses an approved commission, and claws back a paid one once with a negative commission', async () => {
    const c = await pending(adv, pubB);
    await post(adv.token, `/api/commissions/${c.id}/approve`);
    const balanceBefore = (await get(pubB.token, '/api/commissions/balance')).json();
    const reversed = await post(adv.token, `/api/commissions/${c.id}/reverse`, { reason: 'Refunded' });
    expect(reversed.json()).toMatchObject({ status: 'reversed', reason: 'Refunded' });
    const balanceAfter = (await get(pubB.token, '/api/commissions/balance')).json();
    const usd = (rows: { currency: string; approved_minor: number }[]) =>
      rows.find((r) => r.currency === 'USD')?.approved_minor ?? 0;
    expect(usd(balanceAfter)).toBe(usd(balanceBefore) - 1500);

    const paid = await pending(adv, pubB);
    await t.database.db.update(commissions).set({ status: 'paid' }).where(eq(commissions.id, paid.id));
    const clawback = await post(adv.token, `/api/commissions/${paid.id}/reverse`, { reason: 'Chargeback' });
    expect(clawback.statusCode).toBe(200);
    expect(clawback.json()).toMatchObject({
      kind: 'clawback',
      status: 'approved',
      amount_minor: -1500,
      reverses_id: paid.id,
    });
    expect(await statusOf(paid.id)).toBe('paid');
    expect(usd((await get(pubB.token, '/api/commissions/balance')).json())).toBe(usd(balanceAfter) - 1500);
    const twice = await post(adv.token, `/api/commissions/${paid.id}/reverse`, { reason: 'Chargeback' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().detail).toBe('This commission was already clawed back');
    const log = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'commission.clawback'));
    expect(log).toHaveLength(1);
  });

  it('gives balances to publishers (admins name one) and refuses advertisers', async () => {
    expect((await get(adv.token, '/api/commissions/balance')).statusCode).toBe(403);
    expect((await get(admin.token, '/api/commissions/balance')).statusCode).toBe(422);
    expect((await get(admin.token, `/api/commissions/balance?publisher_id=${pub.id}`)).statusCode).toBe(200);
  });
});

describe('hold-period approval job', () => {
  it('approves pending commissions older than hold_days, once, and leaves younger ones', async () => {
    const old = await pending();
    const young = await pending();
    await t.database.db
      .update(commissions)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(commissions.id, old.id));
    const log = t.app.log as FastifyBaseLogger;
    const ctx = {
      db: t.database.db,
      notifier: new Notifier(t.database.db, log),
      events: new EventBus(),
    } as unknown as AppContext;
    expect(await approveDueCommissions(ctx)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(old.id)).toBe('approved');
    expect(await statusOf(young.id)).toBe('pending');
    expect(await approveDueCommissions(ctx)).toBe(0);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, old.id));
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([['commission.auto_approved', null]]);
  });
});
