import type { FastifyBaseLogger } from 'fastify';
import type { RequestOptions } from 'web-push';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/connection';
import { languageOf, translate } from '../../platform/i18n';
import type { NotificationRow } from '../../platform/notifier';
import { checkPushEndpoint, lookupHost, type EndpointRules, type ResolveHost } from './endpoint';
import * as q from './queries';
import type { Subscription, SubscribeBody } from './schema';
import { GONE_STATUSES, statusOf, type SendNotification } from './sender';
import { loadVapidKeys, vapidSubject, type VapidKeys } from './vapid';

/** What the service worker reads (sw/push.ts). */
export interface PushMessage {
  title: string;
  body: string;
  icon: string;
  tag: string;
  data: { url?: string; type?: string; id?: string | number; notification_id?: string };
}

export const PUSH_ICON = '/icons/icon-192.png';
/** a push service keeps an undelivered message this long (the device may be offline) */
const TTL_SECONDS = 24 * 3600;
/** per message; web-push's socket timeout, so a hung push service cannot hold a request or shutdown */
const SEND_TIMEOUT_MS = 10_000;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The push message for an in-app notification; the click opens its link (else routes by type). */
export function notificationMessage(n: NotificationRow): PushMessage {
  const type = typeof n.data.type === 'string' ? n.data.type : n.category;
  const id = typeof n.data.id === 'string' || typeof n.data.id === 'number' ? n.data.id : undefined;
  return {
    // push services cap payloads near 4 KB, so long texts are shortened
    title: clip(n.title, 120),
    body: clip(n.body, 400),
    icon: PUSH_ICON,
    tag: `notification-${n.id}`,
    data: { url: n.link ?? undefined, type, id, notification_id: n.id },
  };
}

export function toSubscriptionResponse(row: q.SubscriptionRow): Subscription {
  return {
    id: row.id,
    endpoint: row.endpoint,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
  };
}

export interface SendReport {
  total: number;
  sent: number;
  /** subscriptions the push service reported gone (404/410), now deleted */
  removed: number;
  failed: number;
}

export class PushService {
  constructor(
    private readonly db: Db,
    private readonly vapid: VapidKeys,
    private readonly subject: string,
    private readonly send: SendNotification,
    private readonly endpointRules: EndpointRules,
    private readonly log: FastifyBaseLogger,
  ) {}

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  async list(userId: string) {
    const rows = await q.listForUser(this.db, userId);
    return { subscriptions: rows.map(toSubscriptionResponse), vapid_public_key: this.vapid.publicKey };
  }

  async subscribe(userId: string, body: SubscribeBody): Promise<Subscription> {
    await checkPushEndpoint(body.endpoint, this.endpointRules);
    const row = await q.upsert(this.db, {
      userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      userAgent: body.userAgent ?? null,
    });
    return toSubscriptionResponse(row);
  }

  async unsubscribe(userId: string, endpoint?: string) {
    return { removed: await q.removeForUser(this.db, userId, endpoint) };
  }

  /** Sends one message to every subscription of the user; gone subscriptions are deleted. */
  async sendToUser(
    userId: string,
    message: PushMessage,
    urgency: RequestOptions['urgency'] = 'normal',
  ): Promise<SendReport> {
    return this.sendTo(await q.listForUser(this.db, userId), message, urgency);
  }

  /** Sends one message to each of these subscriptions; gone subscriptions are deleted. */
  private async sendTo(
    rows: q.SubscriptionRow[],
    message: PushMessage,
    urgency: RequestOptions['urgency'],
  ): Promise<SendReport> {
    const report: SendReport = { total: rows.length, sent: 0, removed: 0, failed: 0 };
    const payload = JSON.stringify(message);
    const options: RequestOptions = {
      vapidDetails: { subject: this.subject, ...this.vapid },
      TTL: TTL_SECONDS,
      urgency,
      timeout: SEND_TIMEOUT_MS,
    };
    await Promise.all(
      rows.map(async (row) => {
        try {
          await this.send(
            { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
            payload,
            options,
          );
          report.sent += 1;
        } catch (err) {
          const status = statusOf(err);
          if (status !== undefined && GONE_STATUSES.includes(status)) {
            await q.removeExpired(this.db, row);
            report.removed += 1;
            return;
          }
          report.failed += 1;
          // the endpoint is a capability URL; its origin is enough to tell which push service failed
          this.log.warn(
            { err, status, subscriptionId: row.id, pushService: new URL(row.endpoint).origin },
            'web push failed',
          );
        }
      }),
    );
    return report;
  }

  /**
   * The notifier's push channel (runs in the background after the in-app rows exist): the subscriptions of
   * all their users are read with one query, then each notification goes to its user's devices.
   */
  readonly deliver = async (notifications: NotificationRow[]): Promise<void> => {
    const subscriptions = await q.listForUsers(this.db, [...new Set(notifications.map((n) => n.userId))]);
    if (subscriptions.length === 0) return;
    const byUser = new Map<string, q.SubscriptionRow[]>();
    for (const s of subscriptions) byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s]);
    await Promise.all(
      notifications.map((n) => {
        const rows = byUser.get(n.userId);
        if (!rows) return null;
        const urgency = n.priority === 'high' ? 'high' : n.priority === 'low' ? 'low' : 'normal';
        return this.sendTo(rows, notificationMessage(n), urgency);
      }),
    );
  };

  async sendTest(userId: string): Promise<{ message: string }> {
    const language = await languageOf(this.db, userId);
    const report = await this.sendToUser(userId, {
      title: translate(language, 'notifications:push.test.title'),
      body: translate(language, 'notifications:push.test.body'),
      icon: PUSH_ICON,
      tag: 'push-test',
      data: { url: '/dashboard', type: 'system' },
    });
    return { message: testMessage(report) };
  }
}

export function testMessage({ total, sent, removed }: SendReport): string {
  if (total === 0) return 'No push subscriptions yet: enable push notifications first.';
  const plural = (n: number) => `${n} subscription${n === 1 ? '' : 's'}`;
  const base =
    sent === total
      ? `Test notification sent to ${plural(sent)}.`
      : `Test notification sent to ${sent} of ${plural(total)}.`;
  return removed > 0
    ? `${base} ${plural(removed)} had expired and ${removed === 1 ? 'was' : 'were'} removed.`
    : base;
}

export async function createPushService(options: {
  db: Db;
  config: Pick<AppConfig, 'mailFrom' | 'appUrl' | 'allowPrivateNetworks'>;
  send: SendNotification;
  /** resolves endpoint hosts at subscribe time; defaults to the system resolver */
  resolveHost?: ResolveHost;
  log: FastifyBaseLogger;
}): Promise<PushService> {
  const keys = await loadVapidKeys(options.db);
  const rules: EndpointRules = {
    allowPrivate: options.config.allowPrivateNetworks,
    resolveHost: options.resolveHost ?? lookupHost,
  };
  return new PushService(options.db, keys, vapidSubject(options.config), options.send, rules, options.log);
}
