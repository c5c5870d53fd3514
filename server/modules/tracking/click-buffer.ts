import type { FastifyBaseLogger } from 'fastify';

export interface ClickRecord {
  id: string;
  linkId: string;
  campaignId: string;
  advertiserId: string;
  publisherId: string;
  websiteId: string;
  commissionModel: string;
  ipHash: string;
  userAgent: string;
  referrer: string | null;
  subs: (string | null)[];
  isUnique: boolean;
  isBot: boolean;
  isTest: boolean;
  createdAt: Date;
}

export interface ClickBufferOptions {
  /** longest a click waits in memory before it is written (the crash window) */
  windowMs?: number;
  /** a batch this large is written at once */
  maxBatch?: number;
  /** rows kept for a retry while the database is failing; beyond this, clicks are dropped and logged */
  maxPending?: number;
}

/**
 * Buffers clicks from the redirect path and writes them in batches, so a redirect never waits for the
 * database. Crash window: a click redirected less than `windowMs` before the process is killed with
 * SIGKILL (or the machine dies) is lost; SIGTERM and app.close() flush everything first.
 */
export class ClickBuffer {
  private pending: ClickRecord[] = [];
  private readonly pendingIds = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private readonly windowMs: number;
  private readonly maxBatch: number;
  private readonly maxPending: number;
  written = 0;
  dropped = 0;

  constructor(
    private readonly write: (batch: ClickRecord[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    options: ClickBufferOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 250;
    this.maxBatch = options.maxBatch ?? 2_000;
    this.maxPending = options.maxPending ?? 200_000;
  }

  add(click: ClickRecord): void {
    this.pending.push(click);
    this.pendingIds.add(click.id);
    if (this.pending.length >= this.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.windowMs);
  }

  /** Whether a click is still waiting to be written (a postback for it must flush first). */
  has(clickId: string): boolean {
    return this.pendingIds.has(clickId);
  }

  get size(): number {
    return this.pending.length;
  }

  /** Writes everything buffered so far; resolves when it is in the database (or has failed and been kept). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.pending;
    if (batch.length === 0) return this.chain;
    this.pending = [];
    this.chain = this.chain.then(() => this.writeBatch(batch));
    return this.chain;
  }

  private async writeBatch(batch: ClickRecord[]): Promise<void> {
    try {
      await this.write(batch);
      this.written += batch.length;
      for (const click of batch) this.pendingIds.delete(click.id);
    } catch (err) {
      // keep the clicks for the next flush unless the backlog is already too large
      const room = Math.max(0, this.maxPending - this.pending.length);
      const kept = batch.slice(0, room);
      const lost = batch.slice(room);
      this.pending = [...kept, ...this.pending];
      for (const click of lost) this.pendingIds.delete(click.id);
      this.dropped += lost.length;
      this.log.error({ err, kept: kept.length, dropped: lost.length }, 'writing clicks failed');
      if (this.pending.length > 0) this.timer ??= setTimeout(() => void this.flush(), 1_000);
    }
  }
}

/**
 * Remembers, per (link, ip hash), when the last unique click was, for one hour: a click is unique when
 * there was no unique click from that ip hash on that link within the hour before it.
 */
export class UniqueClickWindow {
  private readonly seen = new Map<string, number>();
  private lastSweep = 0;

  constructor(private readonly windowMs: number) {}

  /** Remembers a unique click stored before this process started. */
  seed(linkId: string, ipHash: string, at: number): void {
    const key = `${linkId}|${ipHash}`;
    if ((this.seen.get(key) ?? -Infinity) < at) this.seen.set(key, at);
  }

  /** Records the click and says whether it is unique. */
  check(linkId: string, ipHash: string, at: number): boolean {
    this.sweep(at);
    const key = `${linkId}|${ipHash}`;
    const last = this.seen.get(key);
    if (last !== undefined && at - last < this.windowMs) return false;
    this.seen.set(key, at);
    return true;
  }

  private sweep(at: number): void {
    if (at - this.lastSweep < 60_000) return;
    this.lastSweep = at;
    for (const [key, ts] of this.seen) if (at - ts >= this.windowMs) this.seen.delete(key);
  }
}
