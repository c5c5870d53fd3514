import { createHash } from 'node:crypto';

/**
 * The ledger's hash chain, shared by the server (appending), the export and `npm run ledger:verify`. The
 * README section "Ledger" states the same algorithm for anyone who verifies without this code.
 */

/** prev_hash of a publisher's first entry: 64 zeros */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * What each kind does to the publisher's balance in its currency (approved commissions no payout holds
 * yet, clawbacks included: `GET /api/commissions/balance` approved_minor): the balance changes by
 * `effect × amount_minor`.
 */
export const BALANCE_EFFECT = {
  /** a commission is recorded (pending, or refused at once: a rejected entry follows) */
  'commission.created': 0,
  'commission.approved': 1,
  'commission.rejected': 0,
  /** an approved, unpaid commission is reversed (refund, chargeback) */
  'commission.reversed': -1,
  /** a negative commission taking back a paid one (its amount is negative, it is born approved) */
  'commission.clawback': 1,
  /** a payout takes the balance's commissions */
  'payout.requested': -1,
  'payout.paid': 0,
  /** a failed payout gives its commissions back to the balance */
  'payout.failed': 1,
} as const;

export type LedgerKind = keyof typeof BALANCE_EFFECT;
export const LEDGER_KINDS = Object.keys(BALANCE_EFFECT) as LedgerKind[];

export const isLedgerKind = (kind: string): kind is LedgerKind => Object.hasOwn(BALANCE_EFFECT, kind);

/** An entry as the API, the export and the verifier see it. Money is an integer, or its digits past 2^53. */
export interface LedgerEntry {
  seq: number;
  at: string;
  kind: string;
  ref_id: string;
  amount_minor: number | string;
  currency: string;
  balance_minor: number | string;
  prev_hash: string;
  hash: string;
}

export type HashedFields = Omit<LedgerEntry, 'prev_hash' | 'hash'>;

/** An integer as JSON: decimal digits, a leading minus, no exponent, no fraction (refuses anything else). */
function integer(value: number | string | bigint, field: string): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value))
    throw new Error(`${field} is not an exact integer`);
  if (typeof value === 'string' && !/^-?\d+$/.test(value)) throw new Error(`${field} is not an integer`);
  return BigInt(value).toString();
}

/**
 * The entry's canonical JSON: the seven fields below (not prev_hash, not hash), keys in this (code point)
 * order, no whitespace, integers as plain decimal digits, strings as JSON.stringify writes them.
 */
export function canonicalJson(e: HashedFields): string {
  return (
    `{"amount_minor":${integer(e.amount_minor, 'amount_minor')}` +
    `,"at":${JSON.stringify(e.at)}` +
    `,"balance_minor":${integer(e.balance_minor, 'balance_minor')}` +
    `,"currency":${JSON.stringify(e.currency)}` +
    `,"kind":${JSON.stringify(e.kind)}` +
    `,"ref_id":${JSON.stringify(e.ref_id)}` +
    `,"seq":${integer(e.seq, 'seq')}}`
  );
}

/** hash = lowercase hex SHA-256 of the UTF-8 bytes of prev_hash followed by the canonical JSON. */
export function entryHash(prevHash: string, fields: HashedFields): string {
  return createHash('sha256')
    .update(prevHash + canonicalJson(fields), 'utf8')
    .digest('hex');
}

export type VerifyResult =
  | { ok: true; count: number; head: { seq: number; hash: string } }
  | { ok: false; count: number; line: number; seq: number | null; reason: string };

/**
 * Recomputes a publisher's chain from its first entry: each entry must have the next seq (1, 2, …), carry
 * the previous entry's hash (the genesis hash for the first), hash to its own `hash`, be of a known kind,
 * and have the balance its kind leaves. With `head`, that hash (an older statement's) must be in the chain.
 * Answers the first broken entry: its line (1-based) and seq, and why.
 */
export function verifyChain(entries: LedgerEntry[], options: { head?: string } = {}): VerifyResult {
  let prevHash = GENESIS_HASH;
  const balances = new Map<string, bigint>();
  let headFound = options.head === undefined;
  const broken = (i: number, reason: string): VerifyResult => ({
    ok: false,
    count: entries.length,
    line: i + 1,
    seq: typeof entries[i]?.seq === 'number' ? entries[i]!.seq : null,
    reason,
  });
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const expectedSeq = i + 1;
    if (e.seq !== expectedSeq)
      return broken(
        i,
        e.seq > expectedSeq
          ? `seq ${e.seq} where ${expectedSeq} was due: ${e.seq - expectedSeq} entr${e.seq - expectedSeq === 1 ? 'y is' : 'ies are'} missing before it`
          : `seq ${e.seq} where ${expectedSeq} was due`,
      );
    if (e.prev_hash !== prevHash)
      return broken(i, `prev_hash ${e.prev_hash} is not the previous entry's hash ${prevHash}`);
    let hash: string;
    try {
      hash = entryHash(prevHash, e);
    } catch (err) {
      return broken(i, (err as Error).message);
    }
    if (hash !== e.hash) return broken(i, `hash ${e.hash} does not match its content (recomputed ${hash})`);
    if (!isLedgerKind(e.kind)) return broken(i, `unknown kind ${JSON.stringify(e.kind)}`);
    const balance =
      (balances.get(e.currency) ?? 0n) + BigInt(BALANCE_EFFECT[e.kind]) * BigInt(e.amount_minor);
    if (balance !== BigInt(e.balance_minor))
      return broken(
        i,
        `balance_minor ${e.balance_minor} ${e.currency} where the entries before it give ${balance}`,
      );
    balances.set(e.currency, balance);
    if (e.hash === options.head) headFound = true;
    prevHash = e.hash;
  }
  if (!headFound)
    return {
      ok: false,
      count: entries.length,
      line: entries.length + 1,
      seq: null,
      reason: `head ${options.head} is not in the chain: the history it stood for was rewritten`,
    };
  const last = entries[entries.length - 1];
  return { ok: true, count: entries.length, head: { seq: last?.seq ?? 0, hash: last?.hash ?? GENESIS_HASH } };
}

/** Verifies an export (JSON Lines: one entry per line, blank lines ignored); a line that is no entry breaks it. */
export function verifyJsonLines(text: string, options: { head?: string } = {}): VerifyResult {
  const entries: LedgerEntry[] = [];
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  for (let i = 0; i < lines.length; i++) {
    try {
      const parsed = JSON.parse(lines[i]!) as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new Error('not an object');
      entries.push(parsed as LedgerEntry);
    } catch (err) {
      return {
        ok: false,
        count: lines.length,
        line: i + 1,
        seq: null,
        reason: `not a JSON entry: ${(err as Error).message}`,
      };
    }
  }
  return verifyChain(entries, options);
}
