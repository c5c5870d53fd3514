import type { CurrencyCode } from '../platform/currency-codes';
import { formatMinor } from '../platform/money';
import type { ApplicationRow, DemoUser } from './demo-users';
import type { Traffic } from './demo-traffic';
import type { notifications } from '../db/schema/notifications';

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
  ) {}

  private add(userId: string, at: Date, note: Omit<NotificationRow, 'userId' | 'createdAt' | 'isRead'>) {
    const read = this.now - at.getTime() > 7 * DAY_MS;
    this.out.push({ userId, createdAt: at, isRead: read, readAt: read ? at : null, ...note });
  }

  application(
    a: ApplicationRow,
    c: { campaignName: string; websiteUrl: string; publisher: DemoUser; advertiserId: string; auto: boolean },
  ): void {
    const routing = {
      link: '/applications',
      data: { type: 'application', id: a.id, campaign_id: a.campaignId },
    };
    if (a.status === 'pending') {
      this.add(c.advertiserId, a.createdAt, {
        category: 'application',
        requiresAction: true,
        title: `New application for ${c.campaignName}`,
        body: `${c.publisher.name} applied with ${c.websiteUrl}. Approve or reject it.`,
        ...routing,
      });
    }
    if (a.status === 'withdrawn') {
      this.add(c.advertiserId, a.updatedAt ?? a.createdAt, {
        category: 'application',
        priority: 'low',
        title: `Application withdrawn: ${c.campaignName}`,
        body: `${c.publisher.name} withdrew their application with ${c.websiteUrl}.`,
        ...routing,
      });
    }
    if (a.status === 'approved' && c.auto) {
      this.add(c.advertiserId, a.createdAt, {
        category: 'application',
        title: `New publisher on ${c.campaignName}`,
        body: `${c.publisher.name} joined with ${c.websiteUrl} (approved automatically).`,
        ...routing,
      });
    }
    const reason = a.reason ? ` Reason: ${a.reason}` : '';
    const decidedAt = a.decidedAt ?? a.createdAt;
    if (a.status === 'approved') {
      this.add(a.publisherId, decidedAt, {
        category: 'application',
        priority: 'high',
        title: `Application approved: ${c.campaignName}`,
        body: `You can now promote ${c.campaignName} on ${c.websiteUrl}; your tracking link is ready.`,
        ...routing,
      });
    } else if (a.status === 'rejected') {
      this.add(a.publisherId, decidedAt, {
        category: 'application',
        title: `Application rejected: ${c.campaignName}`,
        body: `Your application with ${c.websiteUrl} was rejected.${reason}`,
        ...routing,
      });
    } else if (a.status === 'suspended') {
      this.add(a.publisherId, decidedAt, {
        category: 'application',
        priority: 'high',
        isImportant: true,
        title: `Application suspended: ${c.campaignName}`,
        body: `Your tracking link for ${c.websiteUrl} no longer counts clicks or sales.${reason}`,
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
        title: `New conversion: ${formatMinor(c.amountMinor, c.currency as CurrencyCode)} pending`,
        body: `${campaignNames.get(c.campaignId)} recorded a conversion; the commission is pending approval.`,
        link: '/commissions',
        data: { type: 'commission', id: c.id },
      });
    }
  }
}
