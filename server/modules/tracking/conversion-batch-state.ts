import type { CampaignRow } from '../../db/rows';
import type { PlannedCommission, SpendSubject } from '../commissions/service';
import type { FraudVerdict } from '../fraud/service';
import type { CheckedConversion } from './conversion-rules';
import { describeConversion } from './conversion-rules';
import { renewalTerms } from './recurring';
import type * as cq from './conversion-queries';
import type { ConversionOutcome, ConversionRequest } from './conversions';

// What the phases of a batch's transaction (conversion-batch-*.ts) pass each other: the items in arrival
// order, the answer each one gets, and a conversion as it goes from authorized to planned.

/** a submitted conversion as a batch writes it */
export interface BatchItem extends ConversionRequest {
  /** the writer's MAX_CONVERSION_AMOUNT_MINOR */
  maxAmountMinor: number;
}

export type Settled = { ok: true; outcome: ConversionOutcome } | { ok: false; error: unknown };

/** A batch lost a race it can win next time (an order stored meanwhile under a lock): write it again. */
export class RetryBatch extends Error {}

/** authorized: its click, campaign and secret (or pixel) check out */
export interface Candidate {
  index: number;
  found: cq.FoundClick;
  clientReported: boolean;
  /** orderKey(campaign, order_id) */
  key: string;
}

/** a fresh order whose amount, currency and campaign state passed the rules */
export interface Checked extends Candidate {
  campaign: CampaignRow;
  checked: CheckedConversion;
}

/** the first of its order in the batch, with the commission it earns */
export interface Planned extends Checked {
  commission: PlannedCommission;
  /** what the fraud rules said (scoreBatch), when they are on */
  fraud?: FraudVerdict;
}

/** The answer of each item of a batch, by its index in arrival order; each is settled once. */
export class BatchAnswers {
  private readonly settled: (Settled | undefined)[];

  constructor(size: number) {
    this.settled = Array.from({ length: size }, () => undefined);
  }

  refuse(index: number, error: unknown): void {
    this.settled[index] = { ok: false, error };
  }

  answer(index: number, outcome: ConversionOutcome): void {
    this.settled[index] = { ok: true, outcome };
  }

  get(index: number): Settled | undefined {
    return this.settled[index];
  }

  set(index: number, settled: Settled): void {
    this.settled[index] = settled;
  }

  /** every item's answer; one no phase settled is an error rather than silence */
  all(): Settled[] {
    return this.settled.map((s) => s ?? { ok: false, error: new Error('conversion left undecided') });
  }
}

export const unique = (values: string[]) => [...new Set(values)];

/** an order stored before answers with its first result, whatever the rules say now */
export function duplicateOf(first: cq.StoredOrder): ConversionOutcome {
  return { result: describeConversion(first.conversion, first.commission, true) };
}

/** what the spend ledger weighs a conversion by */
export function spendSubject(c: Checked, item: BatchItem): SpendSubject {
  return {
    campaign: item.input.renewal ? renewalTerms(c.campaign) : c.campaign,
    publisherId: c.found.click.publisherId,
    event: item.input.event,
    amountMinor: c.checked.amountMinor,
    isTest: c.found.click.isTest,
    now: item.now,
  };
}
