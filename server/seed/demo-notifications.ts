import type { CurrencyCode } from '../platform/currency-codes';
import { formatMinor } from '../platform/money';
import type { ApplicationRow, DemoUser } from './demo-users';
import type { Traffic } from './demo-traffic';
import type { notifications } from '../db/schema/notifications';
import { msg, render, type Message } from '../platform/i18n';

export type NotificationRow = typeof notifications.$inferInsert;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The notifications the demo's history would have sent (texts as the live events write them): the
 * advertisers' pending applications to decide, the publishers' decisions and latest conversions.
 * Older ones are read.
 */
export class DemoNotes {
  constructor(
    private readonly out: NotificationRow[],
    private readonly now: number,
    /** each demo user's language: the texts are written in it, with the live events' catalog keys */
    private readonly languages: Map<string, 'en' | 'da'>,
  ) {}

  private add(
    userId: string,
    at: Date,
    note: Omit<NotificationRow, 'userId' | 'createdAt' | 'isRead' | 'title' | 'body'> & {
      title: Message;
      body: Message;
    },
  ) {
    const read = this.now - at.getTime() > 7 * DAY_MS;
    const language = this.languages.get(userId);
    this.out.push({
      userId,
      createdAt: at,
      isRead: read,
      readAt: read ? at : null,
      ...note,
      title: render(language, note.title),
      body: render(language, note.body),
      texts: { title: note.title, body: note.body },
    });
  }

  application(
    a: ApplicationRow,
    c: { campaignName: string; websiteUrl: string; publisher: DemoUser; advertiserId: string; auto: boolean },
  ): void {
    const routing = {
      link: '/applications',
      data: { type: 'application', id: a.id, campaign_id: a.campaignId },
    };
    const texts = {
      campaign: c.campaignName,
      website: c.websiteUrl,
      publisher: c.publisher.name,
      reason: a.reason,
    };
    if (a.status === 'pending') {
      this.add(c.advertiserId, a.createdAt, {
        category: 'application',
        requiresAction: true,
        title: msg('notifications:application.new.title', texts),
        body: msg('notifications:application.new.body', texts),
        ...routing,
      });
    }
    if (a.status === 'withdrawn') {
      this.add(c.advertiserId, a.updatedAt ?? a.createdAt, {
        category: 'application',
        priority: 'low',
        title: msg('notifications:application.withdrawn.title', texts),
        body: msg('notifications:application.withdrawn.body', texts),
        ...routing,
      });
    }
    if (a.status === 'approved' && c.auto) {
      this.add(c.advertiserId, a.createdAt, {
        category: 'application',
        title: msg('notifications:application.joined.title', texts),
        body: msg('notifications:application.joined.body', texts),
        ...routing,
      });
    }
    const decidedAt = a.decidedAt ?? a.createdAt;
    if (a.status === 'approved') {
      this.add(a.publisherId, decidedAt, {
        category: 'application',
        priority: 'high',
        title: msg('notifications:application.approved.title', texts),
        body: msg('notifications:application.approved.body', texts),
        ...routing,
      });
    } else if (a.status === 'rejected') {
      this.add(a.publisherId, decidedAt, {
        category: 'application',
        title: msg('notifications:application.rejected.title', texts),
        body: a.reason
          ? msg('notifications:application.rejected.bodyReason', texts)
          : msg('notifications:application.rejected.body', texts),
        ...routing,
      });
    } else if (a.status === 'suspended') {
      this.add(a.publisherId, decidedAt, {
        category: 'application',
        priority: 'high',
        isImportant: true,
        title: msg('notifications:application.suspended.title', texts),
        body: a.reason
          ? msg('notifications:application.suspended.bodyReason', texts)
          : msg('notifications:application.suspended.body', texts),
        ...routing,
      });
    }
  }

  /** Each publisher's three newest pending conversion commissions. */
  latestConversions(traffic: Traffic, campaignNames: Map<string, string>): void {
    const pending = traffic.commissions
      .filter((c) => c.kind === 'conversion' && c.status === 'pending')
      .sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime());
    const perPublisher = new Map<string, number>();
    for (const c of pending) {
      const n = perPublisher.get(c.publisherId) ?? 0;
      if (n >= 3) continue;
      perPublisher.set(c.publisherId, n + 1);
      this.add(c.publisherId, c.createdAt!, {
        category: 'conversion',
        title: msg('notifications:conversion.pending.title', {
          amount: formatMinor(c.amountMinor, c.currency as CurrencyCode),
        }),
        body: msg('notifications:conversion.pending.body', { campaign: campaignNames.get(c.campaignId) }),
        link: '/commissions',
        data: { type: 'commission', id: c.id },
      });
    }
  }
}
