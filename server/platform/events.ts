import { EventEmitter } from 'node:events';
import type { Message } from '../modules/messaging/schema';

/**
 * In-process domain events: how one module reacts to another's changes without reaching into its
 * tables (e.g. the tracking-link cache drops entries when a campaign or application changes).
 * Listeners run synchronously inside `emit`; they must be cheap and must not throw.
 */
export interface DomainEvents {
  /** a campaign was created, edited, paused, ended or deleted */
  'campaign.changed': { campaignId: string };
  /** an application (and so its tracking link) was decided, suspended or withdrawn */
  'application.changed': { applicationId: string; campaignId: string };
  /** a user's status or role changed (suspension pauses their campaigns or links) */
  'user.changed': { userId: string };
  /** clicks, conversions or commissions between this advertiser and publisher were written (dashboards) */
  'stats.changed': { advertiserId: string; publisherId: string };
  /** an admin changed platform settings (fee, minimum payout, default currency: every dashboard's figures) */
  'settings.changed': Record<string, never>;
  /** a message was sent (committed): live streams of its conversation's members pass it on */
  'message.created': { conversationId: string; memberIds: string[]; message: Message };
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

  on<K extends DomainEventName>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
