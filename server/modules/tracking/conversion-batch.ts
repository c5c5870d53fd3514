import type { Db } from '../../db/connection';
import { conflict, notFound } from '../../platform/http-error';
import { DEFAULT_MAX_CONVERSION_AMOUNT_MINOR } from '../../config';
import type { CampaignRow, CommissionRow } from '../../db/rows';
import {
  commissionValues,
  insertCommissions,
  lockCampaigns,
  pauseForBudget,
  SpendLedger,
  needsCampaignLock,
  type PlannedCommission,
  type SpendSubject,
} from '../commissions/service';
import { insertNotifications } from '../../platform/notifier';
import { conversionNotice } from './conversion-notice';
import * as cq from './conversion-queries';
import {
  authorizeConversion,
  checkConversion,
  describeConversion,
  type CheckedConversion,
} from './conversion-rules';
import type { ConversionOutcome, ConversionRequest } from './conversions';

/** most conversions one transaction writes (bounds a statement's size and a batch's wait) */
const MAX_BATCH = 200;
/** longest a conversion waits for others to join its batch (only while several arrive at once) */
const MAX_LINGER_MS = 10;
/** tries of a batch that lost a race it can win next time (a deadlock, an order stored meanwhile) */
const MAX_ATTEMPTS = 3;

interface Queued extends ConversionRequest {
  /** the writer's MAX_CONVERSION_AMOUNT_MINOR */
  maxAmountMinor: number;
  resolve(outcome: ConversionOutcome): void;
  reject(error: unknown): void;
}

type Settled = { ok: true; outcome: ConversionOutcome } | { ok: false; error: unknown };

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
      const written: BatchStats = { locked: false };
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

class RetryBatch extends Error {}

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

interface Candidate {
  index: number;
  found: cq.FoundClick;
  clientReported: boolean;
  /** orderKey(campaign, order_id) */
  key: string;
}

interface Checked extends Candidate {
  campaign: CampaignRow;
  checked: CheckedConversion;
}

interface Planned extends Checked {
  commission: PlannedCommission;
}

const unique = (values: string[]) => [...new Set(values)];

const PIXEL_TAKEN =
  'This click already has a conversion reported by an unsigned pixel; further ones need a signed pixel (sig) or a postback';

/**
 * One transaction for the batch: reads what the rules need for all of it, locks the campaigns whose
 * commissions depend on the ones before (budget, daily cap, tiers; unsigned pixels), decides every item in
 * arrival order, then inserts the conversions, the commissions and the publishers' notifications with one
 * statement each.
 */
async function writeBatch(db: Db, items: Queued[], stats: BatchStats): Promise<Settled[]> {
  const rates = await items[0]!.rates();
  return db.transaction(async (tx) => {
    const settled: (Settled | undefined)[] = items.map(() => undefined);
    const refuse = (index: number, error: unknown) => {
      settled[index] = { ok: false, error };
    };
    const { clicks, campaigns } = await cq.findClicks(tx, unique(items.map((it) => it.input.clickId)));

    // the secret (or the pixel's trust) first: a repeat with the wrong secret is refused too
    const candidates: Candidate[] = [];
    items.forEach((item, index) => {
      const found = clicks.get(item.input.clickId);
      if (!found) return refuse(index, notFound('Unknown click_id: no click with this id was recorded'));
      const campaign = campaigns.get(found.click.campaignId);
      if (!campaign) return refuse(index, notFound('Unknown click_id: its campaign no longer exists'));
      try {
        const clientReported = authorizeConversion(item.input, campaign);
        candidates.push({ index, found, clientReported, key: cq.orderKey(campaign.id, item.input.orderId) });
      } catch (err) {
        refuse(index, err);
      }
    });

    // Budgets, daily caps, tiers and unsigned pixels are decided under the campaign's lock, on its current row.
    // Locked before the orders are looked up: a batch that stored one of these orders on such a campaign
    // held the lock and has committed by now, so the lookup below sees it (and this batch does not plan a
    // commission for an order another one stored).
    const locked = new Set(
      candidates
        .filter((c) => c.clientReported || needsCampaignLock(campaigns.get(c.found.click.campaignId)!))
        .map((c) => c.found.click.campaignId),
    );
    if (locked.size > 0) {
      stats.locked = true;
      for (const id of locked) campaigns.delete(id);
      for (const row of await lockCampaigns(tx, [...locked])) campaigns.set(row.id, row);
    }

    // an order stored before answers with its first result, whatever the rules say now
    const stored = await cq.findOrders(
      tx,
      candidates.map((c) => ({
        campaignId: c.found.click.campaignId,
        orderId: items[c.index]!.input.orderId,
      })),
    );
    const fresh = candidates.filter((c) => {
      const first = stored.get(c.key);
      if (first) settled[c.index] = { ok: true, outcome: duplicateOf(first) };
      return !first;
    });

    const checked: Checked[] = [];
    for (const c of fresh) {
      const item = items[c.index]!;
      const campaign = campaigns.get(c.found.click.campaignId);
      if (!campaign) {
        refuse(c.index, notFound('Unknown click_id: its campaign no longer exists'));
        continue;
      }
      try {
        const conversion = checkConversion(item.input, c.found, campaign, {
          rates,
          clientReported: c.clientReported,
          now: item.now,
          maxAmountMinor: item.maxAmountMinor,
        });
        checked.push({ ...c, campaign, checked: conversion });
      } catch (err) {
        refuse(c.index, err);
      }
    }

    const subject = (c: Checked): SpendSubject => ({
      campaign: c.campaign,
      publisherId: c.found.click.publisherId,
      event: items[c.index]!.input.event,
      amountMinor: c.checked.amountMinor,
      isTest: c.found.click.isTest,
      now: items[c.index]!.now,
    });
    const payable = checked.filter((c) => c.campaign.commissionModel !== 'cpc');
    const [ledger, pixelTaken] = await Promise.all([
      SpendLedger.load(tx, payable.map(subject)),
      cq.clicksWithClientReportedConversion(
        tx,
        unique(checked.filter((c) => c.clientReported).map((c) => c.found.click.id)),
      ),
    ]);

    // in arrival order, as if one after the other: the first of an order leads, later ones repeat its result
    const leaders = new Map<string, Planned>();
    const followers: Checked[] = [];
    const budgetUsedUp = new Map<string, Planned>();
    for (const c of checked) {
      if (leaders.has(c.key)) {
        followers.push(c);
        continue;
      }
      if (budgetUsedUp.has(c.campaign.id)) {
        refuse(c.index, conflict('The campaign is paused, not active'));
        continue;
      }
      if (c.clientReported) {
        if (pixelTaken.has(c.found.click.id)) {
          refuse(c.index, conflict(PIXEL_TAKEN));
          continue;
        }
        pixelTaken.add(c.found.click.id);
      }
      const commission: PlannedCommission =
        c.campaign.commissionModel === 'cpc' ? { paid: false } : ledger.plan(subject(c));
      const planned = { ...c, commission };
      if (commission.paid && commission.budgetReached) budgetUsedUp.set(c.campaign.id, planned);
      leaders.set(c.key, planned);
    }

    // conversions in key order, so that two writers inserting the same orders wait rather than deadlock
    const plannedList = [...leaders.values()];
    const inserted = await cq.insertConversions(
      tx,
      [...plannedList]
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map((p) => conversionValues(p, items[p.index]!)),
    );
    const lost = plannedList.filter((p) => !inserted.has(p.key));
    // stored by another writer meanwhile: where that changes what was decided under a lock, decide again
    if (lost.some((p) => locked.has(p.campaign.id))) throw new RetryBatch('an order was stored meanwhile');
    const late = await cq.findOrders(
      tx,
      lost.map((p) => ({ campaignId: p.campaign.id, orderId: items[p.index]!.input.orderId })),
    );
    for (const p of lost) {
      const first = late.get(p.key);
      if (first) settled[p.index] = { ok: true, outcome: duplicateOf(first) };
      else refuse(p.index, conflict('The conversion changed meanwhile; send it again'));
    }

    const paid = plannedList.filter((p) => inserted.has(p.key) && p.commission.paid);
    const rows = await insertCommissions(
      tx,
      paid.map((p) =>
        commissionValues(
          { ...subject(p), websiteId: p.found.click.websiteId, conversionId: inserted.get(p.key)!.id },
          p.commission as Extract<PlannedCommission, { paid: true }>,
        ),
      ),
    );
    const commissionOf = new Map<string, CommissionRow>(paid.map((p, i) => [p.key, rows[i]!]));

    for (const [campaignId, p] of budgetUsedUp) {
      if (inserted.has(p.key))
        await pauseForBudget(tx, p.campaign, ledger.spentBy(campaignId), items[p.index]!.now);
    }

    // the publishers hear of their new commissions in the same transaction (one statement for the batch)
    const notified = await insertNotifications(
      tx,
      paid
        .filter((p) => !p.found.click.isTest)
        .map((p) => conversionNotice(p.campaign, commissionOf.get(p.key)!)),
    );
    const notificationOf = new Map(notified.map((n) => [n.data.id, n]));

    for (const p of plannedList) {
      const conversion = inserted.get(p.key);
      if (!conversion) continue;
      const commission = commissionOf.get(p.key) ?? null;
      settled[p.index] = {
        ok: true,
        outcome: {
          result: describeConversion(conversion, commission, false),
          created: {
            campaign: p.campaign,
            publisherId: p.found.click.publisherId,
            commission,
            budgetReached: budgetUsedUp.get(p.campaign.id) === p,
            notification: (commission && notificationOf.get(commission.id)) ?? null,
          },
        },
      };
    }
    for (const f of followers) {
      const first = settled[leaders.get(f.key)!.index]!;
      settled[f.index] = first.ok
        ? { ok: true, outcome: { result: { ...first.outcome.result, duplicate: true } } }
        : first;
    }
    return settled.map((s) => s ?? { ok: false, error: new Error('conversion left undecided') });
  });
}

function duplicateOf(first: cq.StoredOrder): ConversionOutcome {
  return { result: describeConversion(first.conversion, first.commission, true) };
}

function conversionValues(p: Checked, item: Queued) {
  const { click } = p.found;
  return {
    clickId: click.id,
    campaignId: p.campaign.id,
    publisherId: click.publisherId,
    websiteId: click.websiteId,
    orderId: item.input.orderId,
    event: item.input.event,
    originalAmountMinor: p.checked.originalAmountMinor,
    originalCurrency: p.checked.originalCurrency,
    amountMinor: p.checked.amountMinor,
    currency: p.campaign.currency,
    rate: p.checked.rate,
    source: item.input.source,
    clientReported: p.clientReported,
    isTest: click.isTest,
    createdAt: item.now,
  };
}
