import type { CommissionModel } from '../../platform/commission-math';

/** What a redirect needs to know about a tracking link, its campaign and its publisher. */
export interface LinkTarget {
  linkId: string;
  code: string;
  applicationId: string;
  campaignId: string;
  advertiserId: string;
  publisherId: string;
  websiteId: string;
  /** the link is active and its publisher is not suspended */
  linkActive: boolean;
  campaignStatus: 'draft' | 'active' | 'paused' | 'ended';
  startsAt: number | null;
  endsAt: number | null;
  landingUrl: string;
  commissionModel: CommissionModel;
}

/** Why a link does not redirect right now, or null when it does. */
export function linkUnavailableReason(target: LinkTarget, now: number): string | null {
  if (!target.linkActive) return 'This tracking link has been deactivated.';
  if (target.campaignStatus !== 'active') return 'This offer is not running at the moment.';
  if (target.startsAt !== null && now < target.startsAt) return 'This offer has not started yet.';
  if (target.endsAt !== null && now > target.endsAt) return 'This offer has ended.';
  return null;
}

interface Entry {
  target: LinkTarget | null;
  expiresAt: number;
}

export interface LinkCacheOptions {
  /** a found link is trusted this long without events (other processes may change it) */
  ttlMs?: number;
  /** an unknown code is remembered this long, so scans of random codes do not hit the database */
  negativeTtlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * In-process cache of code → link target for `GET /t/{code}`. Entries are dropped when the campaign or
 * application changes (domain events), and expire after `ttlMs` as a safety net for changes made by
 * another process on the same database. Concurrent misses for one code share one query.
 */
export class LinkCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<LinkTarget | null>>();
  private readonly ttlMs: number;
  private readonly negativeTtlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** bumped by every invalidation so a load that started before it is not cached after it */
  private generation = 0;
  /** lookups answered from the cache, and those that went to the database (cache-stats) */
  hits = 0;
  misses = 0;

  constructor(
    private readonly load: (code: string) => Promise<LinkTarget | null>,
    options: LinkCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.negativeTtlMs = options.negativeTtlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /** The cached target when fresh (sync fast path), else undefined. */
  peek(code: string): LinkTarget | null | undefined {
    const entry = this.entries.get(code);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(code);
      return undefined;
    }
    this.hits++;
    return entry.target;
  }

  async get(code: string): Promise<LinkTarget | null> {
    const cached = this.peek(code);
    if (cached !== undefined) return cached;
    // counted here, not in peek: the redirect path peeks before it gets, and a miss is one miss
    this.misses++;
    const inFlight = this.loading.get(code);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = this.load(code)
      .then((target) => {
        if (generation === this.generation) this.store(code, target);
        return target;
      })
      .finally(() => this.loading.delete(code));
    this.loading.set(code, promise);
    return promise;
  }

  invalidateCampaign(campaignId: string): void {
    this.generation++;
    for (const [code, entry] of this.entries) {
      // unknown codes may belong to a link that was just created: drop them too
      if (!entry.target || entry.target.campaignId === campaignId) this.entries.delete(code);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(code: string, target: LinkTarget | null): void {
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the oldest tenth goes
      let drop = Math.ceil(this.maxEntries / 10);
      for (const key of this.entries.keys()) {
        this.entries.delete(key);
        if (--drop === 0) break;
      }
    }
    this.entries.set(code, {
      target,
      expiresAt: this.now() + (target ? this.ttlMs : this.negativeTtlMs),
    });
  }
}
