import type { Db } from '../../db/connection';
import { DEFAULT_MAX_CONVERSION_AMOUNT_MINOR } from '../../config';
import { together } from '../../db/together';
import { authorizeBatch } from './conversion-batch-authorize';
import { dropStoredOrders, settleLostOrders } from './conversion-batch-dedupe';
import { decideBatch } from './conversion-batch-decide';
import { readCandidateFacts, rememberAddresses, scoreBatch } from './conversion-batch-fraud';
import { insertCommissionRows, insertConversionRows } from './conversion-batch-insert';
import { campaignsToLock, lockCampaignRows } from './conversion-batch-lock';
import { BatchAnswers, RetryBatch, type BatchItem, type Settled } from './conversion-batch-state';
import type { ConversionOutcome, ConversionRequest } from './conversions';

/** most conversions one transaction writes (bounds a statement's size and a batch's wait) */
const MAX_BATCH = 200;
/** longest a conversion waits for others to join its batch (only while several arrive at once) */
const MAX_LINGER_MS = 10;
/** tries of a batch that lost a race it can win next time (a deadlock, an order stored meanwhile) */
const MAX_ATTEMPTS = 3;

interface Queued extends BatchItem {
  resolve(outcome: ConversionOutcome): void;
  reject(error: unknown): void;
}

/** batches in flight at once where the database runs transactions side by side (PostgreSQL) */
export const CONCURRENT_BATCHES = 2;

export interface ConversionWriterOptions {
  /**
   * how many batches may be written at once, each in its own transaction on its own connection: 1 for PGlite,
   * which runs one transaction at a time; more on PostgreSQL, so that one batch is read and decided while
   * the one before waits for its statements' round trips, its row locks and its commit
   */
  maxInFlight?: number;
  /** largest amount a conversion may report, in minor units (config MAX_CONVERSION_AMOUNT_MINOR) */
  maxAmountMinor?: number;
  /** score each conversion with the fraud rules (config FRAUD_RULES) */
  fraudRules?: boolean;
}

/**
 * Group commit for conversions. Each one waits in a queue while the batches before it are written; then all
 * that arrived meanwhile are written in one transaction, a few statements for the whole batch, and each caller
 * gets its own outcome after the commit: its conversion and commission, a duplicate's first result, or the
 * HTTP error of a rule it broke (which leaves the others alone). Alone, a conversion is written at once; under
 * load, batches grow with the number of callers waiting, and so does the throughput.
 *
 * With `maxInFlight` > 1 (PostgreSQL) several batches are written at once, and the database settles what they
 * share: the unique index on (campaign, order_id) makes the later of two batches with the same order wait for
 * the earlier one's commit, skip the row and answer with the stored first result; campaigns whose commissions
 * depend on the ones before (budget, daily cap, tiers, unsigned pixels) are locked before their orders and
 * spend are read, so batches on such a campaign run one after the other; rollup and spend rows are upserts
 * that wait for each other, and a deadlock between them is retried (`writeSafely`).
 */
export class ConversionWriter {
  private readonly queue: Queued[] = [];
  private readonly maxInFlight: number;
  private readonly maxAmountMinor: number;
  private readonly fraudRules: boolean;
  private inFlight = 0;
  /** most batches that were in flight at once (tests check that batches did overlap) */
  peakInFlight = 0;
  private dispatching = false;
  /** size of the last batch: how many callers are likely to come back while the writer is idle */
  private lastBatchSize = 0;
  private lastBatchMs = 0;
  /** the last batch written locked campaigns: the next one most likely needs the same locks */
  private lastBatchLocked = false;
  private linger: { target: number; done: () => void } | null = null;

  constructor(
    private readonly db: Db,
    options: ConversionWriterOptions = {},
  ) {
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 1);
    this.maxAmountMinor = options.maxAmountMinor ?? DEFAULT_MAX_CONVERSION_AMOUNT_MINOR;
    this.fraudRules = options.fraudRules ?? false;
  }

  submit(request: ConversionRequest): Promise<ConversionOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...request, maxAmountMinor: this.maxAmountMinor, resolve, reject });
      if (this.linger && this.queue.length >= this.linger.target) this.linger.done();
      this.dispatch();
    });
  }

  /** Starts batches while there are callers waiting and a batch may start (one dispatcher at a time). */
  private dispatch(): void {
    if (this.dispatching) return;
    this.dispatching = true;
    void this.startBatches().finally(() => {
      this.dispatching = false;
      // a batch that finished while the dispatcher was leaving may have freed the slot the queue waits for
      if (this.mayStart()) this.dispatch();
    });
  }

  /**
   * Whether a batch may start now. Beside a batch in flight, another starts only once as many callers wait
   * as the last batch held: splitting the same callers into more, smaller transactions costs CPU per
   * conversion (each batch pays its statements), so batches overlap when the writer falls behind, not as
   * soon as a caller arrives.
   */
  private mayStart(): boolean {
    if (this.queue.length === 0 || this.inFlight >= this.maxInFlight) return false;
    // nor beside batches that lock their campaigns (budget, daily cap, tiers): those would only wait for
    // the lock, holding a connection, and split the callers into more transactions
    return this.inFlight === 0 || (!this.lastBatchLocked && this.queue.length >= this.lastBatchSize);
  }

  private async startBatches(): Promise<void> {
    while (this.mayStart()) {
      // Under load, the callers of a batch just answered come back a moment later: waiting a few
      // milliseconds for them makes one batch of all, instead of a batch of the few that were early
      // followed by one of the rest, each paying a transaction. Alone (last batch of one), no wait.
      if (this.lastBatchSize > 1 && this.queue.length < this.lastBatchSize) {
        // never longer than half a batch's write: waiting must cost less than the transaction it saves
        await this.waitForQueue(this.lastBatchSize, Math.min(MAX_LINGER_MS, this.lastBatchMs / 2));
      }
      const batch = this.queue.splice(0, MAX_BATCH);
      this.lastBatchSize = batch.length;
      this.inFlight++;
      this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
      void this.write(batch);
    }
  }

  private async write(batch: Queued[]): Promise<void> {
    const started = performance.now();
    try {
      const written: BatchStats = { locked: false, fraudRules: this.fraudRules };
      const settled = await writeSafely(this.db, batch, written);
      this.lastBatchLocked = written.locked;
      batch.forEach((item, i) => {
        const s = settled[i]!;
        if (s.ok) item.resolve(s.outcome);
        else item.reject(s.error);
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
    } finally {
      this.lastBatchMs = performance.now() - started;
      this.inFlight--;
      this.dispatch();
    }
  }

  private waitForQueue(target: number, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        this.linger = null;
        resolve();
      };
      this.linger = { target, done };
    });
  }
}

function isRetryable(err: unknown): boolean {
  if (err instanceof RetryBatch) return true;
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    // deadlock_detected, serialization_failure
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/** What the writer learns from a batch for the ones after it. */
interface BatchStats {
  /** campaigns were locked */
  locked: boolean;
  /** the fraud rules score the batch */
  fraudRules: boolean;
}

/**
 * Writes a batch, retrying the races it can lose. A batch that fails otherwise (a database error no rule
 * foresaw) is written again one conversion at a time, so that only the one that causes it fails.
 */
async function writeSafely(db: Db, batch: Queued[], stats: BatchStats): Promise<Settled[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeBatch(db, batch, stats);
    } catch (error) {
      if (isRetryable(error) && attempt < MAX_ATTEMPTS) continue;
      if (batch.length === 1) return [{ ok: false, error }];
      const alone: Settled[] = [];
      for (const item of batch) alone.push(...(await writeSafely(db, [item], stats)));
      return alone;
    }
  }
}

/**
 * One transaction for the batch, in named phases: authorize every item (its click, campaign and secret),
 * lock the campaigns whose commissions depend on the ones before (budget, daily cap, tiers; unsigned
 * pixels), dedupe against the orders stored before, decide every item in arrival order, then insert the
 * conversions, the commissions and the publishers' notifications with one statement each.
 */
async function writeBatch(db: Db, items: Queued[], stats: BatchStats): Promise<Settled[]> {
  const rates = await items[0]!.rates();
  return db.transaction(async (tx) => {
    const answers = new BatchAnswers(items.length);
    const { candidates, campaigns } = await authorizeBatch(tx, items, answers);
    const locked = campaignsToLock(candidates, campaigns);
    if (locked.size > 0) {
      stats.locked = true;
      await lockCampaignRows(tx, locked, campaigns);
    }
    // the stored orders and the fraud rules' reads: one round trip on PGlite
    const [fresh, fraudFacts] = await together(
      tx,
      () => dropStoredOrders(tx, items, candidates, answers),
      () =>
        stats.fraudRules ? readCandidateFacts(tx, items, candidates, campaigns) : Promise.resolve(null),
    );
    const decision = await decideBatch(tx, items, fresh, campaigns, rates, answers);
    const planned = [...decision.leaders.values()];
    if (stats.fraudRules) scoreBatch(items, planned, fraudFacts);
    const inserted = await insertConversionRows(tx, items, planned);
    await settleLostOrders(tx, items, planned, inserted, locked, answers);
    // the addresses go beside the commissions (one round trip on PGlite)
    await together(
      tx,
      () => (stats.fraudRules ? rememberAddresses(tx, items, planned, inserted) : Promise.resolve()),
      () => insertCommissionRows(tx, items, decision, inserted, answers),
    );
    return answers.all();
  });
}
