import type { FastifyBaseLogger } from 'fastify';

/** The sub-ids of a click without any (most clicks): one shared array. */
export const NO_SUB_IDS: readonly (string | null)[] = Object.freeze([null, null, null, null, null]);

export interface ClickRecord {
  id: string;
  linkId: string;
  campaignId: string;
  advertiserId: string;
  publisherId: string;
  websiteId: string;
  commissionModel: string;
  ipHash: string;
  /** the hash of the address's /24 or /48 (fraud rules); null or absent when it is no address */
  netHash?: string | null;
  userAgent: string;
  referrer: string | null;
  subs: readonly (string | null)[];
  /** ISO 3166 alpha-2 from the proxy's country header, else null */
  country: string | null;
  isUnique: boolean;
  isBot: boolean;
  isTest: boolean;
  createdAt: Date;
}

export interface ClickBufferOptions {
  /** longest a click waits in memory before its write starts, unless a write is still under way */
  windowMs?: number;
  /** the most clicks one write takes; a backlog this large is written at once */
  maxBatch?: number;
  /** clicks held in memory at most (a database slower than the traffic, or failing); beyond it new clicks are dropped and counted */
  maxPending?: number;
  /** how long after a failed write it is tried again */
  retryMs?: number;
}

/**
 * Buffers clicks from the redirect path and writes them in batches, so a redirect never waits for the
 * database. One write at a time: while it runs, new clicks gather and go out together once it ends, so
 * a slower database gets bigger (cheaper per row) batches rather than a growing queue of writes, and the
 * memory held is bounded by `maxPending`.
 *
 * Crash window: a click waits at most `windowMs` (or for the write under way) before its write starts;
 * one redirected in that time before the process is killed with SIGKILL (or the machine dies) is lost.
 * SIGTERM and app.close() flush everything first.
 */
export class ClickBuffer {
  /** oldest first; a failed batch goes back to the front */
  private pending: ClickRecord[] = [];
  private readonly pendingIds = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<boolean> | null = null;
  private retryAt = 0;
  private readonly windowMs: number;
  private readonly maxBatch: number;
  private readonly maxPending: number;
  private readonly retryMs: number;
  /** clicks accepted so far, and how many of them (oldest first) are written */
  private accepted = 0;
  written = 0;
  dropped = 0;

  constructor(
    private readonly write: (batch: ClickRecord[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    options: ClickBufferOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 250;
    this.maxBatch = options.maxBatch ?? 5_000;
    this.maxPending = options.maxPending ?? 200_000;
    this.retryMs = options.retryMs ?? 1_000;
  }

  add(click: ClickRecord): void {
    if (this.pending.length >= this.maxPending) {
      this.dropped++;
      if (this.dropped % 10_000 === 1) {
        this.log.error(
          { dropped: this.dropped, pending: this.pending.length },
          'click buffer full: clicks dropped',
        );
      }
      return;
    }
    this.pending.push(click);
    this.pendingIds.add(click.id);
    this.accepted++;
    if (this.pending.length === this.maxBatch && !this.writing) {
      this.clearTimer();
      void this.writeNext();
    } else {
      this.schedule();
    }
  }

  /** Whether a click is still waiting to be written (a postback for it must flush first). */
  has(clickId: string): boolean {
    return this.pendingIds.has(clickId);
  }

  get size(): number {
    return this.pending.length;
  }

  /**
   * Writes every click accepted so far; resolves when they are in the database, or when a write has
   * failed (they are kept and tried again).
   */
  async flush(): Promise<void> {
    const target = this.accepted;
    while (this.written < target) {
      if (!(await this.writeNext())) return;
    }
  }

  /** The write under way, or a new one of the oldest clicks; true when it stored them. */
  private writeNext(): Promise<boolean> {
    this.writing ??= this.writeOldest().finally(() => {
      this.writing = null;
      this.schedule();
    });
    return this.writing;
  }

  private async writeOldest(): Promise<boolean> {
    this.clearTimer();
    const batch = this.pending.splice(0, this.maxBatch);
    if (batch.length === 0) return true;
    try {
      await this.write(batch);
      this.written += batch.length;
      for (const click of batch) this.pendingIds.delete(click.id);
      return true;
    } catch (err) {
      this.pending = batch.concat(this.pending);
      this.retryAt = Date.now() + this.retryMs;
      this.log.error(
        { err, pending: this.pending.length },
        'writing clicks failed; they are kept for a retry',
      );
      return false;
    }
  }

  /** Starts the timer for the next write: when the oldest click has waited `windowMs`, at once for a full batch. */
  private schedule(): void {
    if (this.writing || this.timer || this.pending.length === 0) return;
    const now = Date.now();
    const due =
      this.pending.length >= this.maxBatch ? now : this.pending[0]!.createdAt.getTime() + this.windowMs;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.writeNext();
      },
      Math.max(0, due - now, this.retryAt - now),
    );
  }

  private clearTimer(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }
}

/**
 * Remembers, per (link, ip hash), when the last unique click was, for one hour: a click is unique when
 * there was no unique click from that ip hash on that link within the hour before it. Kept as a map per
 * link, so a click looks itself up without building a key string.
 */
export class UniqueClickWindow {
  private readonly seen = new Map<string, Map<string, number>>();
  private lastSweep = 0;

  constructor(private readonly windowMs: number) {}

  /** Remembers a unique click stored before this process started. */
  seed(linkId: string, ipHash: string, at: number): void {
    const link = this.link(linkId);
    if ((link.get(ipHash) ?? -Infinity) < at) link.set(ipHash, at);
  }

  /** Records the click and says whether it is unique. */
  check(linkId: string, ipHash: string, at: number): boolean {
    this.sweep(at);
    const link = this.link(linkId);
    const last = link.get(ipHash);
    if (last !== undefined && at - last < this.windowMs) return false;
    link.set(ipHash, at);
    return true;
  }

  private link(linkId: string): Map<string, number> {
    let link = this.seen.get(linkId);
    if (!link) {
      link = new Map();
      this.seen.set(linkId, link);
    }
    return link;
  }

  private sweep(at: number): void {
    if (at - this.lastSweep < 60_000) return;
    this.lastSweep = at;
    for (const [linkId, link] of this.seen) {
      for (const [ipHash, ts] of link) if (at - ts >= this.windowMs) link.delete(ipHash);
      if (link.size === 0) this.seen.delete(linkId);
    }
  }
}
