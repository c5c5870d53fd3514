import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

/**
 * In-process domain events: how one module reacts to another's changes without reaching into its
 * tables (e.g. the tracking-link cache drops entries when a campaign or application changes).
 * A service emits after its transaction commits. Listeners run synchronously inside `emit`; they must be
 * cheap and must not throw. `emitAndWait` also waits for listeners that return a promise (notifications
 * a request should have sent before it answers); such a listener logs its own failures.
 *
 * The module that owns an event declares its payload by merging into this map, in its `events.ts`:
 * `declare module '../../platform/events' { interface DomainEvents { 'campaign.changed': {…} } }`.
 */
export interface DomainEvents {
  /** clicks, conversions or commissions between this advertiser and publisher were written (dashboards);
   * tracking, commissions and payouts all write such figures, so no one module owns it */
  'stats.changed': { advertiserId: string; publisherId: string };
  /** this instance's link to the others came back after a loss: events may have been missed, so every
   * cache that shared events keep fresh must be dropped */
  'cluster.resync': Record<string, never>;
}

export type DomainEventName = keyof DomainEvents;

/**
 * How a shared event travels to the other instances: a small wire form (ids; PostgreSQL's NOTIFY carries
 * under 8000 bytes) and the way back to the full payload, reading large data from the database (null: the
 * thing is gone, nothing to tell).
 */
export interface SharedEventCodec<K extends DomainEventName> {
  toWire(payload: DomainEvents[K]): unknown;
  fromWire(wire: unknown): Promise<DomainEvents[K] | null>;
}

/** Where shared events go to reach the other instances (PostgreSQL NOTIFY); see `connect`. */
export interface ClusterLink {
  publish(message: string): Promise<void>;
}

const identity = {
  toWire: (payload: unknown) => payload,
  fromWire: (wire: unknown) => Promise.resolve(wire),
};

/** NOTIFY's payload limit is 8000 bytes; an event past this is not sent (and logged). */
const MAX_WIRE_BYTES = 7_900;
/** how long shared events gather before they leave in one NOTIFY */
const SHARE_DELAY_MS = 20;

export class EventBus {
  private readonly emitter = new EventEmitter();
  /** tells this instance's own notifications apart from the others' */
  readonly instanceId = randomUUID();
  private readonly shared = new Map<DomainEventName, SharedEventCodec<DomainEventName>>();
  private link: ClusterLink | null = null;
  private readonly outgoing = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;
  private warn: (message: string) => void = () => {};

  constructor() {
    // every cache or job may listen; the default limit of 10 would warn for no reason
    this.emitter.setMaxListeners(100);
  }

  /**
   * Marks `name` as heard by every instance: emitted here, it is also published through the link, and the
   * other instances emit it to their own listeners. Share only events whose listeners keep local state
   * (caches, live streams): a listener with an effect in the world (mail, push) would run once per instance.
   */
  share<K extends DomainEventName>(name: K, codec?: SharedEventCodec<K>): void {
    this.shared.set(name, (codec ?? identity) as unknown as SharedEventCodec<DomainEventName>);
  }

  /** Starts publishing shared events through `link` (several instances on one PostgreSQL). */
  connect(link: ClusterLink, warn: (message: string) => void): void {
    this.link = link;
    this.warn = warn;
  }

  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
    this.publish(name, payload);
  }

  /** Emits, then waits for every listener's promise (listeners log their own failures). */
  async emitAndWait<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    const pending = this.emitter.listeners(name).map((listener) => listener(payload) as unknown);
    this.publish(name, payload);
    await Promise.all(pending);
  }

  /** A message another instance published (this one's own are skipped); bad ones are dropped. */
  async receive(message: string): Promise<void> {
    let parsed: { from?: unknown; events?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.from === this.instanceId || !Array.isArray(parsed.events)) return;
    for (const item of parsed.events as { name?: unknown; wire?: unknown }[]) {
      const name = item.name as DomainEventName;
      const codec = typeof name === 'string' ? this.shared.get(name) : undefined;
      if (!codec) continue;
      try {
        const payload = await codec.fromWire(item.wire);
        if (payload !== null) this.emitter.emit(name, payload);
      } catch (err) {
        this.warn(`event ${name} from another instance could not be read back: ${(err as Error).message}`);
      }
    }
  }

  on<K extends DomainEventName>(
    name: K,
    listener: (payload: DomainEvents[K]) => void | Promise<void>,
  ): () => void {
    // a listener may return a promise on purpose: emitAndWait awaits it, emit leaves it to the listener
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    this.emitter.on(name, listener);
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    return () => this.emitter.off(name, listener);
  }

  private publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    const codec = this.shared.get(name);
    if (!this.link || !codec) return;
    const item = JSON.stringify({ name, wire: codec.toWire(payload) });
    if (Buffer.byteLength(item) > MAX_WIRE_BYTES - 100) {
      this.warn(`event ${name} is too large to share with other instances (${item.length} bytes)`);
      return;
    }
    // a burst of conversions emits the same few events hundreds of times a second: they leave together,
    // once each, a few milliseconds later (well within the second other instances have to catch up)
    this.outgoing.add(item);
    this.flushTimer ??= setTimeout(() => this.flush(), SHARE_DELAY_MS);
  }

  private flush(): void {
    this.flushTimer = undefined;
    const items = [...this.outgoing];
    this.outgoing.clear();
    const head = `{"from":${JSON.stringify(this.instanceId)},"events":[`;
    let batch: string[] = [];
    let bytes = head.length + 2;
    const send = () => {
      if (batch.length === 0) return;
      const message = `${head}${batch.join(',')}]}`;
      batch = [];
      bytes = head.length + 2;
      this.link?.publish(message).catch((err: Error) => {
        this.warn(`events could not be shared with other instances: ${err.message}`);
      });
    };
    for (const item of items) {
      const size = Buffer.byteLength(item) + 1;
      if (bytes + size > MAX_WIRE_BYTES) send();
      batch.push(item);
      bytes += size;
    }
    send();
  }
}
