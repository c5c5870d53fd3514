import type { MinorAmount } from '../../lib/format';

export const LEDGER_KINDS = [
  'commission.created',
  'commission.approved',
  'commission.rejected',
  'commission.reversed',
  'commission.clawback',
  'payout.requested',
  'payout.paid',
  'payout.failed',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One entry of GET /api/ledger (README "Ledger"). */
export interface LedgerEntry {
  seq: number;
  at: string;
  kind: LedgerKind;
  ref_id: string;
  amount_minor: number;
  currency: string;
  balance_minor: MinorAmount;
  prev_hash: string;
  hash: string;
}

export interface LedgerHead {
  seq: number;
  hash: string;
}
