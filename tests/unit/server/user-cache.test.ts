import { describe, expect, it } from 'vitest';
import { UserCache } from '../../../server/modules/analytics/cache';

describe('UserCache', () => {
  it('keeps the dashboard a user keeps opening when full, and lets the least recently used one go', async () => {
    const cache = new UserCache<string>('dashboard', { maxEntries: 2 });
    let loads = 0;
    const open = (userId: string) =>
      cache.getOrLoad(userId, 'days=30', false, async () => {
        loads++;
        return `${userId}'s dashboard`;
      });
    await open('ana');
    await open('ben');
    await open('ana'); // a hit: ana is now the most recently used
    await open('cy'); // full: ben goes
    expect(loads).toBe(3);
    expect(await open('ana')).toBe("ana's dashboard");
    expect(loads).toBe(3);
    await open('ben');
    expect(loads).toBe(4);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 4, size: 2 });
  });
});
