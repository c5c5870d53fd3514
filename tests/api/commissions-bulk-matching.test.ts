import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { auditLog } from '../../server/db/schema/platform';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, clickOn, party, postback, type Party } from './support/tracking-fixtures';

let t: TestApp;
let adv: Party;
let advB: Party;
let pub: Party;
let admin: Party;

beforeAll(async () => {
  t = await createTestApp();
  [adv, advB, pub, admin] = await Promise.all([
    party(t, 'advertiser'),
    party(t, 'advertiser'),
    party(t, 'publisher'),
    party(t, 'admin'),
  ]);
});
afterAll(() => t.close());

let n = 0;
/** `count` pending commissions of `pub` on one fresh campaign of `advertiser`. */
async function pendingOn(advertiser: Party, count: number) {
  const link = await approvedLink(t, advertiser, pub);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { clickId } = await clickOn(t, link.code, { ip: `100.65.${n % 250}.${++n % 250}` });
    const res = await postback(t, {
      click_id: clickId,
      order_id: `m-${n}`,
      amount: '20.00',
      secret: link.campaign.tracking_secret,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    ids.push(res.json().commission_id as string);
  }
  return { ids, campaignId: link.campaign.id };
}
const post = (token: string, url: string, payload?: unknown) => call(t, 'POST', url, { token, payload });
const statuses = async (ids: string[]) =>
  (await t.database.db.select().from(commissions).where(inArray(commissions.id, ids))).map((c) => c.status);

describe('deciding every commission matching the filters', () => {
  it('approves all matching in batches, reporting what remains, with an audit entry each', async () => {
    const mine = await pendingOn(adv, 5);
    const other = await pendingOn(adv, 1);
    const foreign = await pendingOn(advB, 2);
    const body = { campaign_id: mine.campaignId, created_before: new Date().toISOString(), batch_size: 2 };

    const progress: number[] = [];
    for (let calls = 0; calls < 10; calls++) {
      const res = await post(adv.token, '/api/commissions/bulk/approve-matching', body);
      expect(res.statusCode).toBe(200);
      progress.push(res.json().remaining);
      if (res.json().remaining === 0) break;
    }
    expect(progress).toEqual([3, 1, 0]);
    expect(await statuses(mine.ids)).toEqual(['approved', 'approved', 'approved', 'approved', 'approved']);
    expect(await statuses(other.ids)).toEqual(['pending']);
    expect(await statuses(foreign.ids)).toEqual(['pending', 'pending']);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'commission.approved'), inArray(auditLog.entityId, mine.ids)));
    expect(audits).toHaveLength(5);
    expect(audits.every((a) => a.actorId === adv.id)).toBe(true);
  });

  it('never touches another advertiser’s commissions, nor those created after the selection', async () => {
    const foreign = await pendingOn(advB, 2);
    const before = new Date().toISOString();
    const after = await pendingOn(adv, 1);
    const res = await post(adv.token, '/api/commissions/bulk/reject-matching', {
      created_before: before,
      reason: 'Fraudulent traffic',
    });
    expect(res.statusCode).toBe(200);
    expect(await statuses(foreign.ids)).toEqual(['pending', 'pending']);
    expect(await statuses(after.ids)).toEqual(['pending']);
    // naming another advertiser's campaign finds nothing of theirs
    const named = await post(adv.token, '/api/commissions/bulk/approve-matching', {
      campaign_id: foreign.campaignId,
      created_before: new Date().toISOString(),
    });
    expect(named.json()).toEqual({ updated_count: 0, remaining: 0 });
    expect(await statuses(foreign.ids)).toEqual(['pending', 'pending']);
  });

  it('lets admins decide all, refuses publishers and bad input', async () => {
    const foreign = await pendingOn(advB, 2);
    const res = await post(admin.token, '/api/commissions/bulk/reject-matching', {
      campaign_id: foreign.campaignId,
      created_before: new Date().toISOString(),
      reason: 'Duplicate orders',
    });
    expect(res.json()).toEqual({ updated_count: 2, remaining: 0 });
    expect(await statuses(foreign.ids)).toEqual(['rejected', 'rejected']);
    const asPublisher = await post(pub.token, '/api/commissions/bulk/approve-matching', {
      created_before: new Date().toISOString(),
    });
    expect(asPublisher.statusCode).toBe(403);
    expect((await post(adv.token, '/api/commissions/bulk/approve-matching', {})).statusCode).toBe(422);
    const noReason = await post(adv.token, '/api/commissions/bulk/reject-matching', {
      created_before: new Date().toISOString(),
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail).toMatch(/reason/);
  });
});
