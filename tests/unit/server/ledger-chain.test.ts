import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  entryHash,
  GENESIS_HASH,
  verifyChain,
  verifyJsonLines,
  type LedgerEntry,
} from '../../../server/modules/ledger/chain';

const REF = '0b6c1a52-5f0e-4c4a-9a51-2f7d3c1e9b10';

/** A chain built the way docs/ledger.md says, independently of the server's append. */
function chain(steps: [kind: string, amount: number, currency?: string][]): LedgerEntry[] {
  const balances = new Map<string, bigint>();
  const effect: Record<string, number> = {
    'commission.approved': 1,
    'commission.reversed': -1,
    'commission.clawback': 1,
    'payout.requested': -1,
    'payout.failed': 1,
  };
  let prev = GENESIS_HASH;
  return steps.map(([kind, amount, currency = 'EUR'], i) => {
    const balance = (balances.get(currency) ?? 0n) + BigInt(effect[kind] ?? 0) * BigInt(amount);
    balances.set(currency, balance);
    const fields = {
      seq: i + 1,
      at: new Date(Date.UTC(2026, 10, 1, 12, 0, i)).toISOString(),
      kind,
      ref_id: REF,
      amount_minor: amount,
      currency,
      balance_minor: Number(balance),
    };
    const hash = createHash('sha256')
      .update(prev + canonicalJson(fields))
      .digest('hex');
    const entry = { ...fields, prev_hash: prev, hash };
    prev = hash;
    return entry;
  });
}

const sample = () =>
  chain([
    ['commission.created', 1500],
    ['commission.approved', 1500],
    ['commission.created', 900, 'USD'],
    ['commission.approved', 900, 'USD'],
    ['payout.requested', 1500],
    ['payout.paid', 1500],
    ['commission.clawback', -300],
  ]);

describe('canonical JSON', () => {
  it('writes the seven fields in key order, without whitespace, integers as digits', () => {
    expect(
      canonicalJson({
        seq: 3,
        at: '2026-11-01T12:00:00.000Z',
        kind: 'commission.approved',
        ref_id: REF,
        amount_minor: -1250,
        currency: 'EUR',
        balance_minor: '9007199254740993',
      }),
    ).toBe(
      `{"amount_minor":-1250,"at":"2026-11-01T12:00:00.000Z","balance_minor":9007199254740993,"currency":"EUR","kind":"commission.approved","ref_id":"${REF}","seq":3}`,
    );
  });

  it('hashes prev_hash followed by the canonical JSON', () => {
    const fields = sample()[0]!;
    const expected = createHash('sha256')
      .update(GENESIS_HASH + canonicalJson(fields))
      .digest('hex');
    expect(entryHash(GENESIS_HASH, fields)).toBe(expected);
    expect(fields.hash).toBe(expected);
  });

  it('refuses amounts that are not exact integers', () => {
    expect(() => canonicalJson({ ...sample()[0]!, amount_minor: 1.5 })).toThrow(/amount_minor/);
    expect(() => canonicalJson({ ...sample()[0]!, balance_minor: '1e3' })).toThrow(/balance_minor/);
  });
});

describe('verifyChain', () => {
  it('accepts a whole chain and answers its head', () => {
    const entries = sample();
    expect(verifyChain(entries)).toEqual({
      ok: true,
      count: 7,
      head: { seq: 7, hash: entries[6]!.hash },
    });
    expect(verifyChain([])).toEqual({ ok: true, count: 0, head: { seq: 0, hash: GENESIS_HASH } });
  });

  it('names the first broken entry: a changed amount, a changed hash, a missing or reordered entry', () => {
    const changed = sample();
    changed[2] = { ...changed[2]!, amount_minor: 9000 };
    expect(verifyChain(changed)).toMatchObject({ ok: false, line: 3, seq: 3 });

    const rehashed = sample();
    rehashed[1] = { ...rehashed[1]!, hash: entryHash(GENESIS_HASH, { ...rehashed[1]!, amount_minor: 1 }) };
    expect(verifyChain(rehashed)).toMatchObject({ ok: false, line: 2 });

    const missing = sample();
    missing.splice(3, 1);
    expect(verifyChain(missing)).toMatchObject({
      ok: false,
      line: 4,
      seq: 5,
      reason: 'seq 5 where 4 was due: 1 entry is missing before it',
    });

    const swapped = sample();
    [swapped[4], swapped[5]] = [swapped[5]!, swapped[4]!];
    expect(verifyChain(swapped)).toMatchObject({ ok: false, line: 5, seq: 6 });
  });

  it('checks each balance against the kinds before it, per currency', () => {
    // a forger who rehashes everything but keeps the balance of the real history
    const forged = sample().map((e) => ({ ...e }));
    forged[1]!.amount_minor = 100;
    let prev = GENESIS_HASH;
    for (const e of forged) {
      e.prev_hash = prev;
      e.hash = entryHash(prev, e);
      prev = e.hash;
    }
    expect(verifyChain(forged)).toMatchObject({
      ok: false,
      line: 2,
      reason: 'balance_minor 1500 EUR where the entries before it give 100',
    });
  });

  it('refuses an unknown kind and a first entry not chained to the genesis hash', () => {
    expect(verifyChain(chain([['commission.invented', 5]]))).toMatchObject({
      ok: false,
      reason: 'unknown kind "commission.invented"',
    });
    const [first] = sample();
    expect(verifyChain([{ ...first!, prev_hash: 'f'.repeat(64) }])).toMatchObject({ ok: false, line: 1 });
  });

  it('with a head: holds while that hash is in the chain, fails once history was rewritten', () => {
    const entries = sample();
    const older = entries[3]!.hash;
    expect(verifyChain(entries, { head: older }).ok).toBe(true);
    const rewritten = chain([
      ['commission.created', 1500],
      ['commission.approved', 1500],
      ['commission.created', 800, 'USD'],
      ['commission.approved', 800, 'USD'],
    ]);
    expect(verifyChain(rewritten).ok).toBe(true);
    expect(verifyChain(rewritten, { head: older })).toMatchObject({
      ok: false,
      reason: `head ${older} is not in the chain: the history it stood for was rewritten`,
    });
  });
});

describe('verifyJsonLines', () => {
  it('reads one entry per line and reports a line that is not one', () => {
    const lines = sample().map((e) => JSON.stringify(e));
    expect(verifyJsonLines(`${lines.join('\n')}\n`).ok).toBe(true);
    lines[2] = '{"seq":3,';
    expect(verifyJsonLines(lines.join('\n'))).toMatchObject({ ok: false, line: 3, seq: null });
  });
});
