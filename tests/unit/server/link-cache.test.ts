import { describe, expect, it } from 'vitest';
import { LinkCache, type LinkTarget } from '../../../server/modules/tracking/link-cache';

const target = (code: string, campaignId = 'campaign-1'): LinkTarget => ({
  linkId: `link-${code}`,
  code,
  applicationId: 'application-1',
  campaignId,
  advertiserId: 'advertiser-1',
  publisherId: 'publisher-1',
  websiteId: 'website-1',
  linkActive: true,
  campaignStatus: 'active',
  startsAt: null,
  endsAt: null,
  landingUrl: 'https://shop.example/',
  commissionModel: 'cpa' as LinkTarget['commissionModel'],
});

describe('LinkCache', () => {
  it('keeps a link that is being clicked when it is full, and lets the least recently used one go', async () => {
    const loads: string[] = [];
    const cache = new LinkCache(
      async (code) => {
        loads.push(code);
        return target(code);
      },
      { maxEntries: 10 },
    );
    for (let i = 0; i < 10; i++) await cache.get(`c${i}`);
    expect(cache.peek('c0')?.code).toBe('c0'); // the first link loaded is still clicked
    await cache.get('c10');
    expect(cache.size).toBe(10);
    expect(cache.peek('c0')?.code).toBe('c0');
    expect(cache.peek('c1')).toBeUndefined();
    expect(loads).toHaveLength(11);
  });

  it('forgets an unknown code after the negative TTL and a found link after the TTL', async () => {
    let now = 1_000_000;
    const cache = new LinkCache(async (code) => (code === 'known' ? target(code) : null), {
      ttlMs: 60_000,
      negativeTtlMs: 5_000,
      now: () => now,
    });
    expect(await cache.get('known')).toMatchObject({ code: 'known' });
    expect(await cache.get('unknown')).toBeNull();
    now += 4_999;
    expect([cache.peek('known')?.code, cache.peek('unknown')]).toEqual(['known', null]);
    now += 2;
    expect([cache.peek('known')?.code, cache.peek('unknown')]).toEqual(['known', undefined]);
    now += 55_000;
    expect(cache.peek('known')).toBeUndefined();
  });

  it("drops a changed campaign's links and every unknown code, and shares one load between concurrent misses", async () => {
    let loads = 0;
    const cache = new LinkCache(async (code) => {
      loads++;
      return code.startsWith('u') ? null : target(code, code.startsWith('a') ? 'campaign-a' : 'campaign-b');
    });
    await Promise.all([cache.get('a1'), cache.get('a1'), cache.get('b1'), cache.get('u1')]);
    expect(loads).toBe(3);
    cache.invalidateCampaign('campaign-a');
    expect([cache.peek('a1'), cache.peek('b1')?.code, cache.peek('u1')]).toEqual([
      undefined,
      'b1',
      undefined,
    ]);
  });
});
