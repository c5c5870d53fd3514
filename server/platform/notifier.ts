import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import { jsonRows } from '../db/json-rows';
import { notifications } from '../db/schema/notifications';
import { hasMessage, languagesOf, render, type Message } from './i18n';

import type { NotificationCategory, NotificationPriority } from '../../contracts/notifications';

export {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_PRIORITIES,
  type NotificationCategory,
  type NotificationPriority,
} from '../../contracts/notifications';

/**
 * What a domain event tells a user; `link` is the in-app path a click opens. Title and body are written as
 * `msg('notifications:…', values)` (platform/i18n.ts): stored in the recipient's language (push, and old
 * readers) and as the message itself, which the list renders again in the reader's current language
 * (`notificationTexts`). A plain string (a user's own words) is stored as it is.
 */
export interface NotificationEvent {
  category: NotificationCategory;
  title: string | Message;
  body?: string | Message;
  priority?: NotificationPriority;
  isImportant?: boolean;
  requiresAction?: boolean;
  link?: string;
  /** routing for push clicks (`type`, `id`) and anything the client shows */
  data?: Record<string, unknown>;
}

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * A channel beyond the in-app rows (web push); runs after the rows exist and never blocks the caller. It gets
 * the notifications stored in the same moment together (a batch of conversions tells many publishers at once),
 * so that it can look up what it needs for all of them at once.
 */
export type NotificationDelivery = (notifications: NotificationRow[]) => Promise<void>;

/** One user's notification, as `insertNotifications` stores it. */
export interface NotificationFor {
  userId: string;
  event: NotificationEvent;
}

function translatable(event: NotificationEvent): boolean {
  return typeof event.title !== 'string' || typeof event.body === 'object';
}

/**
 * A notification's title and body in `language`: rendered from its stored message when it has one, else
 * the text stored when it was written (rows from before messages were kept, a user's own words).
 */
export function notificationTexts(row: NotificationRow, language: unknown): { title: string; body: string } {
  const again = (text: string | Message | undefined, stored: string) =>
    // a key the catalogs no longer have keeps the words it was written with
    text === undefined || (typeof text !== 'string' && !hasMessage(language, text.key))
      ? stored
      : render(language, text);
  return { title: again(row.texts?.title, row.title), body: again(row.texts?.body, row.body) };
}

/**
 * Stores in-app notifications with one statement, in the caller's transaction when it passes one (so they
 * commit with the change they report). Hand them to `Notifier.deliver` after the commit. The rows come back
 * in no promised order (match them by their data).
 */
export async function insertNotifications(db: Db, items: NotificationFor[]): Promise<NotificationRow[]> {
  if (items.length === 0) return [];
  // one query for every recipient's language, however many the batch tells
  const translated = items.filter(({ event }) => translatable(event));
  const languages = await languagesOf(
    db,
    translated.map((item) => item.userId),
  );
  const rows = await db
    .insert(notifications)
    .select(
      jsonRows(
        notifications,
        items.map(({ userId, event }) => ({
          userId,
          category: event.category,
          title: render(languages.get(userId), event.title),
          body: render(languages.get(userId), event.body ?? ''),
          priority: event.priority ?? 'normal',
          isImportant: event.isImportant ?? false,
          requiresAction: event.requiresAction ?? false,
          link: event.link ?? null,
          data: event.data ?? {},
          texts: translatable(event) ? { title: event.title, body: event.body ?? '' } : null,
        })),
      ),
    )
    .returning();
  if (rows.length !== items.length) throw new Error('notification insert returned fewer rows');
  return rows;
}

/**
 * The one call domain events make: `ctx.notifier.notify(userId, event)`. It writes the in-app
 * notification, then hands it to each delivery channel in the background. Call it after the change
 * it reports has committed, so nobody is told about something that was rolled back.
 */
export class Notifier {
  private readonly deliveries: NotificationDelivery[] = [];
  /** deliveries still running, so shutdown can let them finish before the database closes */
  private readonly inFlight = new Set<Promise<void>>();
  /** stored notifications waiting for the end of this turn of the event loop to be delivered together */
  private readonly waiting: NotificationRow[] = [];

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  addDelivery(delivery: NotificationDelivery): void {
    this.deliveries.push(delivery);
  }

  async notify(userId: string, event: NotificationEvent): Promise<NotificationRow> {
    const [row] = await insertNotifications(this.db, [{ userId, event }]);
    if (!row) throw new Error('notification insert returned nothing');
    this.deliver([row]);
    return row;
  }

  /**
   * Hands stored notifications to the delivery channels in the background. Those handed over in the same
   * turn of the event loop (the answers of one batch of conversions) go together, so a channel reads what
   * it needs for all of them with one query.
   */
  deliver(rows: NotificationRow[]): void {
    if (rows.length === 0 || this.deliveries.length === 0) return;
    if (this.waiting.length === 0) setImmediate(() => this.flush());
    this.waiting.push(...rows);
  }

  private flush(): void {
    const rows = this.waiting.splice(0);
    if (rows.length === 0) return;
    for (const deliver of this.deliveries) {
      const running = deliver(rows)
        .catch((err: unknown) =>
          this.log.warn({ err, notificationIds: rows.map((r) => r.id) }, 'notification delivery failed'),
        )
        .finally(() => this.inFlight.delete(running));
      this.inFlight.add(running);
    }
  }

  /** Waits (at most `timeoutMs`) for background deliveries; called when the app closes. */
  async drain(timeoutMs = 5000): Promise<void> {
    this.flush();
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
