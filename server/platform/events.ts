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
}

export type DomainEventName = keyof DomainEvents;

export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // every cache or job may listen; the default limit of 10 would warn for no reason
    this.emitter.setMaxListeners(100);
  }

  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  /** Emits, then waits for every listener's promise (listeners log their own failures). */
  async emitAndWait<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    const pending = this.emitter.listeners(name).map((listener) => listener(payload) as unknown);
    await Promise.all(pending);
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
}
