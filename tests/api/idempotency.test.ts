import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { auditLog, idempotencyKeys } from '../../server/db/schema/platform';
import { pruneIdempotencyKeys } from '../../server/platform/idempotency';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, clickOn, party, postback, type Party } from './support/tracking-fixtures';

let t: TestApp;
let adv: Party;
let advB: Party;
let pub: Party;

beforeAll(async () => {
  t = await createTestApp();
  [adv, advB, pub] = await Promise.all([
    party(t, 'advertiser'),
    party(t, 'advertiser'),
    party(t, 'publisher'),
  ]);
});
afterAll(() => t.close());

let n = 0;
/** A pending commission of `pub` on a fresh campaign of `advertiser`. */
async function pending(advertiser = adv) {
  const link = await approvedLink(t, advertiser, pub);
  const { clickId } = await clickOn(t, link.code, { ip: `100.64.1.${++n % 250}` });
  const res = await postback(t, {
    click_id: clickId,
    order_id: `idem-${n}`,
    amount: '50.00',
    secret: link.campaign.tracking_secret,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().commission_id as string;
}

const send = (token: string, method: 'POST' | 'PUT', url: string, key?: string, payload?: unknown) =>
  call(t, method, url, { token, payload, headers: key === undefined ? {} : { 'idempotency-key': key } });

const approvals = async (id: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).filter(
    (e) => e.action === 'commission.approved',
  ).length;

describe('Idempotency-Key on writes', () => {
  it('applies a decision replayed with the same key once and answers the same body again', async () => {
    const id = await pending();
    const first = await send(adv.token, 'POST', `/api/commissions/${id}/approve`, 'offline-approve-0001');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id, status: 'approved' });
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const replay = await send(adv.token, 'POST', `/api/commissions/${id}/approve`, 'offline-approve-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['content-type']).toMatch(/application\/json/);
    expect(replay.json()).toEqual(first.json());
    expect(await approvals(id)).toBe(1);

    // Without the key the same call runs again and is refused: the first answer was the real one.
    const fresh = await send(adv.token, 'POST', `/api/commissions/${id}/approve`);
    expect(fresh.statusCode).toBe(422);
    expect(fresh.json().detail).toBe('The commission is approved, not pending');
  });

  it('keeps keys per user: another user with the same key runs their own request', async () => {
    const mine = await pending(adv);
    const theirs = await pending(advB);
    const key = 'shared-key-between-users';
    expect((await send(adv.token, 'POST', `/api/commissions/${mine}/approve`, key)).statusCode).toBe(200);
    const other = await send(advB.token, 'POST', `/api/commissions/${theirs}/approve`, key);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json()).toMatchObject({ id: theirs, status: 'approved' });
    expect(await approvals(theirs)).toBe(1);
    // The foreign commission stays out of reach with a key too.
    const foreign = await send(advB.token, 'POST', `/api/commissions/${mine}/reject`, 'foreign-try-001', {
      reason: 'not mine',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a malformed key with 422 and changes nothing', async () => {
    const id = await pending();
    for (const key of ['short', 'x'.repeat(101), 'has space in it', 'ünïcödé-key-1']) {
      const res = await send(adv.token, 'POST', `/api/commissions/${id}/approve`, key);
      expect(res.statusCode, key).toBe(422);
      expect(res.json().detail).toMatch(/Idempotency-Key/);
    }
    expect(await approvals(id)).toBe(0);
    const rows = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'short'));
    expect(rows).toHaveLength(0);
  });

  it('refuses the same key on a different request', async () => {
    const a = await pending();
    const b = await pending();
    const key = 'reused-for-another';
    expect((await send(adv.token, 'POST', `/api/commissions/${a}/approve`, key)).statusCode).toBe(200);
    const other = await send(adv.token, 'POST', `/api/commissions/${b}/approve`, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toMatch(/different request/);
    expect(await approvals(b)).toBe(0);
  });

  it('refuses the same key with a different body and still replays the same body', async () => {
    const id = await pending();
    const key = 'reused-other-body-01';
    const first = await send(adv.token, 'POST', `/api/commissions/${id}/reject`, key, {
      reason: 'first reason',
    });
    expect(first.statusCode).toBe(200);
    const other = await send(adv.token, 'POST', `/api/commissions/${id}/reject`, key, {
      reason: 'second reason',
    });
    expect(other.statusCode).toBe(422);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().detail).toBe(
      'This Idempotency-Key was already used with a different request body; send a new key for a new request',
    );
    const same = await send(adv.token, 'POST', `/api/commissions/${id}/reject`, key, {
      reason: 'first reason',
    });
    expect(same.statusCode).toBe(200);
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(same.json()).toEqual(first.json());
    const [row] = await t.database.db.select().from(commissions).where(eq(commissions.id, id));
    expect(row?.reason).toBe('first reason');
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const id = await pending();
    const key = 'still-running-0001';
    await t.database.db
      .insert(idempotencyKeys)
      .values({ userId: adv.id, key, method: 'POST', path: `/api/commissions/${id}/approve` });
    const res = await send(adv.token, 'POST', `/api/commissions/${id}/approve`, key);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This request is still being processed');
    expect(await approvals(id)).toBe(0);
  });

  it('replays a refusal too, so a lost 4xx answer is not turned into a different one', async () => {
    const id = await pending();
    const key = 'refused-once-0001';
    expect((await send(adv.token, 'POST', `/api/commissions/${id}/approve`)).statusCode).toBe(200);
    const reason = { reason: 'duplicate order' };
    const first = await send(adv.token, 'POST', `/api/commissions/${id}/reject`, key, reason);
    expect(first.statusCode).toBe(422);
    expect(first.json().detail).toBe('The commission is approved, not pending');
    const again = await send(adv.token, 'POST', `/api/commissions/${id}/reject`, key, reason);
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('leaves reads and requests without the header as they were', async () => {
    const id = await pending();
    const read = await call(t, 'GET', `/api/commissions/${id}`, {
      token: adv.token,
      headers: { 'idempotency-key': 'bad' },
    });
    expect(read.statusCode).toBe(200);
    const approve = await send(adv.token, 'POST', `/api/commissions/${id}/approve`);
    expect(approve.statusCode).toBe(200);
    const stored = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, adv.id));
    expect(stored.every((row) => !row.path.includes(id))).toBe(true);
    // Anonymous callers still get 401 before the key is looked at.
    const anonymous = await call(t, 'POST', `/api/commissions/${id}/approve`, {
      headers: { 'idempotency-key': 'anonymous-key-01' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('prunes keys older than a day', async () => {
    const id = await pending();
    const key = 'old-enough-to-go';
    expect((await send(adv.token, 'POST', `/api/commissions/${id}/approve`, key)).statusCode).toBe(200);
    const where = and(eq(idempotencyKeys.userId, adv.id), eq(idempotencyKeys.key, key));
    expect(await pruneIdempotencyKeys(t.database.db)).toBe(0);
    expect(await t.database.db.select().from(idempotencyKeys).where(where)).toHaveLength(1);
    await pruneIdempotencyKeys(t.database.db, new Date(Date.now() + 25 * 3600 * 1000));
    expect(await t.database.db.select().from(idempotencyKeys).where(where)).toHaveLength(0);
  });
});
