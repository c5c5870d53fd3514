import { LRUCache } from 'lru-cache';

/** A cache's counters as `GET /api/performance/cache-stats` reports them. */
export interface CacheStats {
  name: string;
  hits: number;
  misses: number;
  size: number;
  hit_rate: number;
}

export const hitRate = (hits: number, misses: number) => (hits + misses > 0 ? hits / (hits + misses) : 0);

interface Entry<V> {
  value: V;
  userId: string;
  expiresAt: number;
  /** versions when the load started: an entry older than its user's (or everyone's) last change is stale */
  userVersion: number;
  allVersion: number;
  epoch: number;
  /** the entry covers everyone's data (an admin's dashboard): any change makes it stale */
  wide: boolean;
}

export interface UserCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * Per-user cache of computed answers (dashboards): `key` within a user, a TTL as the safety net, bounded
 * size (least recently used out), hit/miss counters. Invalidation bumps versions instead of hunting entries:
 * `changed(userIds)` makes those users' entries (and every wide entry) stale, `clear()` all of them. A
 * load captures the versions before it reads, so one that raced a change is never served after it.
 * The entries live in `lru-cache` (issue 42), which replaced a Map that let its oldest entry go: on a
 * dashboard-like mix of 1,000 entries it ran at 1.10× the Map's speed (`npm run bench:libs`, median of 6
 * runs, 0.93–1.45), and a user who keeps opening the dashboard keeps their entry. The TTL stays in the entry, next to the versions.
 */
export class UserCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly versions = new Map<string, number>();
  private allVersion = 0;
  /** bumped by clear(): the per-user versions start over without old entries matching them */
  private epoch = 0;
  private hits = 0;
  private misses = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    readonly name: string,
    options: UserCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 300_000;
    this.maxEntries = options.maxEntries ?? 1_000;
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache({ max: this.maxEntries });
  }

  async getOrLoad(userId: string, key: string, wide: boolean, load: () => Promise<V>): Promise<V> {
    const fullKey = `${userId}|${key}`;
    const entry = this.entries.get(fullKey);
    if (entry && this.isFresh(entry)) {
      this.hits++;
      return entry.value;
    }
    if (entry) this.entries.delete(fullKey);
    this.misses++;
    const started = {
      userVersion: this.versions.get(userId) ?? 0,
      allVersion: this.allVersion,
      epoch: this.epoch,
    };
    const value = await load();
    this.store(fullKey, { value, userId, wide, expiresAt: this.now() + this.ttlMs, ...started });
    return value;
  }

  /** These users' data changed: their entries, and every wide one, are stale. */
  changed(userIds: readonly string[]): void {
    for (const id of userIds) this.versions.set(id, (this.versions.get(id) ?? 0) + 1);
    this.allVersion++;
    // versions of users without entries would pile up under steady traffic: start over now and then
    if (this.versions.size > this.maxEntries * 10) this.clear();
  }

  clear(): void {
    this.entries.clear();
    this.versions.clear();
    this.allVersion++;
    this.epoch++;
  }

  stats(): CacheStats {
    return {
      name: this.name,
      hits: this.hits,
      misses: this.misses,
      size: this.entries.size,
      hit_rate: hitRate(this.hits, this.misses),
    };
  }

  private isFresh(entry: Entry<V>): boolean {
    return (
      entry.expiresAt > this.now() &&
      entry.epoch === this.epoch &&
      entry.userVersion === (this.versions.get(entry.userId) ?? 0) &&
      (!entry.wide || entry.allVersion === this.allVersion)
    );
  }

  private store(fullKey: string, entry: Entry<V>): void {
    if (!this.isFresh(entry)) return;
    this.entries.set(fullKey, entry);
  }
}
