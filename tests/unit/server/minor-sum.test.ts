import { describe, expect, it } from 'vitest';
import { exactSum, minorSumSchema, toMinorSum } from '../../../server/platform/minor-sum';
import { safePayoutShare } from '../../../server/modules/payouts/service';
import { formatMoney } from '../../../src/lib/format';

const SAFE = Number.MAX_SAFE_INTEGER;

/** A small deterministic generator (mulberry32): the same cases on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('money sums past 2^53', () => {
  it('answers a number while safe and the exact digits beyond, both valid on the wire', () => {
    expect(toMinorSum(BigInt(SAFE))).toBe(SAFE);
    expect(toMinorSum(-BigInt(SAFE))).toBe(-SAFE);
    expect(toMinorSum(BigInt(SAFE) + 1n)).toBe('9007199254740992');
    expect(toMinorSum(-BigInt(SAFE) - 2n)).toBe('-9007199254740993');
    expect(exactSum('18014398509481984')).toBe(18014398509481984n);
    expect(exactSum(null)).toBe(0n);
    for (const value of [0, SAFE, '9007199254740992', '-12']) {
      expect(minorSumSchema.safeParse(value).success).toBe(true);
    }
    expect(minorSumSchema.safeParse('12.5').success).toBe(false);
  });

  it('keeps every sum of amounts up to 2^53 exact through the wire form', () => {
    const next = random(43);
    for (let run = 0; run < 500; run++) {
      const amounts = Array.from(
        { length: 1 + Math.floor(next() * 20) },
        () => BigInt(Math.floor(next() * SAFE)) * (next() < 0.1 ? -1n : 1n),
      );
      const exact = amounts.reduce((a, b) => a + b, 0n);
      expect(BigInt(toMinorSum(exact))).toBe(exact);
    }
  });

  it('gives a payout commissions whose sum stays a safe integer, and is exactly their sum', () => {
    const next = random(7);
    for (let run = 0; run < 300; run++) {
      const commissions = Array.from({ length: 1 + Math.floor(next() * 12) }, (_, i) => ({
        id: String(i),
        amountMinor: next() < 0.1 ? -Math.floor(next() * 1e6) : Math.floor(next() * SAFE),
      }));
      const covered = safePayoutShare(commissions);
      let sum = 0n;
      for (const c of covered) {
        sum += BigInt(c.amountMinor);
        expect(Math.abs(Number(sum))).toBeLessThanOrEqual(SAFE);
      }
      expect(BigInt(covered.reduce((a, c) => a + c.amountMinor, 0))).toBe(sum);
      // one commission alone always fits: nothing is stuck for good
      if (commissions.length > 0) expect(covered.length).toBeGreaterThan(0);
    }
  });

  it('shows a digit string exactly in the client', () => {
    expect(formatMoney('18014398509481984', 'USD')).toBe('$180,143,985,094,819.84');
    expect(formatMoney('-1', 'EUR')).toBe('-€0.01');
    expect(formatMoney('1500', 'JPY')).toBe('¥1,500');
    expect(formatMoney('12.5', 'USD')).toBe('');
  });
});
