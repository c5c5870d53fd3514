import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import { notifications } from '../../db/schema';

export const NOTIFICATION_CATEGORIES = [
  'application',
  'campaign',
  'conversion',
  'commission',
  'payout',
  'message',
  'invoice',
  'profile_completion',
  'system',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** What a domain event tells a user; `link` is the in-app path a click opens. */
export interface NotificationEvent {
  category: NotificationCategory;
  title: string;
  body?: string;
  priority?: NotificationPriority;
  isImportant?: boolean;
  requiresAction?: boolean;
  link?: string;
  /** routing for push clicks (`type`, `id`) and anything the client shows */
  data?: Record<string, unknown>;
}

export type NotificationRow = typeof notifications.$inferSelect;

/** A channel beyond the in-app row (web push); runs after the row exists and never blocks the caller. */
export type NotificationDelivery = (notification: NotificationRow) => Promise<void>;

/**
 * The one call domain events make: `ctx.notifier.notify(userId, event)`. It writes the in-app
 * notification, then hands it to each delivery channel in the background. Call it after the change
 * it reports has committed, so nobody is told about something that was rolled back.
 */
export class Notifier {
  private readonly deliveries: NotificationDelivery[] = [];
  /** deliveries still running, so shutdown can let them finish before the database closes */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  addDelivery(delivery: NotificationDelivery): void {
    this.deliveries.push(delivery);
  }

  async notify(userId: string, event: NotificationEvent): Promise<NotificationRow> {
    const [row] = await this.db
      .insert(notifications)
      .values({
        userId,
        category: event.category,
        title: event.title,
        body: event.body ?? '',
        priority: event.priority ?? 'normal',
        isImportant: event.isImportant ?? false,
        requiresAction: event.requiresAction ?? false,
        link: event.link ?? null,
        data: event.data ?? {},
      })
      .returning();
    if (!row) throw new Error('notification insert returned nothing');
    for (const deliver of this.deliveries) {
      const running = deliver(row)
        .catch((err: unknown) =>
          this.log.warn({ err, notificationId: row.id }, 'notification delivery failed'),
        )
        .finally(() => this.inFlight.delete(running));
      this.inFlight.add(running);
    }
    return row;
  }

  /** Waits (at most `timeoutMs`) for background deliveries; called when the app closes. */
  async drain(timeoutMs = 5000): Promise<void> {
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled([...this.inFlight]), timeout]);
    clearTimeout(timer);
  }

  /** Notifies several users; one failing insert is logged and does not stop the others. */
  async notifyEach(userIds: Iterable<string>, event: NotificationEvent): Promise<void> {
    for (const userId of new Set(userIds)) {
      await this.notify(userId, event).catch((err: unknown) =>
        this.log.error({ err, userId }, 'could not store notification'),
      );
    }
  }
}
