import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { clicks } from '../../server/db/schema/tracking';
import { createTestApp, type TestApp } from './support/test-app';
import { approvedLink, party } from './support/tracking-fixtures';

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** 25 clicks from one machine, each claiming another address in X-Forwarded-For; the paid CPC clicks. */
async function paidClicksFromOneMachine(t: TestApp, remoteAddress: string): Promise<number> {
  const adv = await party(t, 'advertiser');
  const pub = await party(t, 'publisher');
  const link = await approvedLink(t, adv, pub, { commission_model: 'cpc', payout_minor: 25 });
  for (let i = 0; i < 25; i += 1) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/t/${link.code}`,
      remoteAddress,
      headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': `198.51.100.${i + 1}` },
    });
    expect(res.statusCode).toBe(302);
  }
  // clicks are written in batches: wait until all 25 are stored, then count what they paid
  await vi.waitFor(
    async () =>
      expect(
        await t.database.db.select().from(clicks).where(eq(clicks.campaignId, link.campaign.id)),
      ).toHaveLength(25),
    { timeout: 5_000 },
  );
  const paid = await t.database.db
    .select()
    .from(commissions)
    .where(eq(commissions.campaignId, link.campaign.id));
  return paid.length;
}

describe('TRUST_PROXY', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  it('off by default: made-up X-Forwarded-For headers do not make clicks unique', async () => {
    const t = await createTestApp();
    apps.push(t);
    expect(await paidClicksFromOneMachine(t, '203.0.113.9')).toBe(1);
  });

  it('with the proxy’s address listed, the forwarded visitor address counts', async () => {
    const t = await createTestApp({ trustProxy: ['127.0.0.1'] });
    apps.push(t);
    expect(await paidClicksFromOneMachine(t, '127.0.0.1')).toBe(25);
  });

  it('a listed proxy does not make other callers trusted', async () => {
    const t = await createTestApp({ trustProxy: ['127.0.0.1'] });
    apps.push(t);
    expect(await paidClicksFromOneMachine(t, '203.0.113.10')).toBe(1);
  });
});
