import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { DomainEvents } from '../../platform/events';
import { msg } from '../../platform/i18n';
import type { NotificationEvent } from '../../platform/notifier';

type ApplicationNews = DomainEvents['application.decided'];
type Application = ApplicationNews['application'];

/** `submitted`: a publisher applied (maybe auto-approved); `decided`: approve/reject/suspend/withdraw. */
type ApplicationChange = 'submitted' | 'decided';

const routing = (a: Application) => ({
  link: '/applications',
  data: { type: 'application', id: a.id, campaign_id: a.campaign_id },
});

function toAdvertiser(change: ApplicationChange, a: Application): NotificationEvent | null {
  if (change === 'submitted' && a.status === 'pending') {
    return {
      category: 'application',
      title: msg('notifications:application.new.title', { campaign: a.campaign_name }),
      body: msg('notifications:application.new.body', {
        publisher: a.publisher_name,
        website: a.website_url,
      }),
      requiresAction: true,
      ...routing(a),
    };
  }
  if (change === 'submitted' && a.status === 'approved') {
    return {
      category: 'application',
      title: msg('notifications:application.joined.title', { campaign: a.campaign_name }),
      body: msg('notifications:application.joined.body', {
        publisher: a.publisher_name,
        website: a.website_url,
      }),
      ...routing(a),
    };
  }
  if (change === 'decided' && a.status === 'withdrawn') {
    return {
      category: 'application',
      priority: 'low',
      title: msg('notifications:application.withdrawn.title', { campaign: a.campaign_name }),
      body: msg('notifications:application.withdrawn.body', {
        publisher: a.publisher_name,
        website: a.website_url,
      }),
      ...routing(a),
    };
  }
  return null;
}

function toPublisher(a: Application): NotificationEvent | null {
  const texts = { campaign: a.campaign_name, website: a.website_url, reason: a.reason };
  switch (a.status) {
    case 'approved':
      return {
        category: 'application',
        priority: 'high',
        title: msg('notifications:application.approved.title', texts),
        body: msg('notifications:application.approved.body', texts),
        ...routing(a),
      };
    case 'rejected':
      return {
        category: 'application',
        title: msg('notifications:application.rejected.title', texts),
        body: a.reason
          ? msg('notifications:application.rejected.bodyReason', texts)
          : msg('notifications:application.rejected.body', texts),
        ...routing(a),
      };
    case 'suspended':
      return {
        category: 'application',
        priority: 'high',
        isImportant: true,
        title: msg('notifications:application.suspended.title', texts),
        body: a.reason
          ? msg('notifications:application.suspended.bodyReason', texts)
          : msg('notifications:application.suspended.body', texts),
        ...routing(a),
      };
    default:
      return null;
  }
}

/**
 * Tells the campaign's advertiser and the publisher what happened to an application (in-app + push).
 * Runs after the change committed; a failure is logged and never fails the request that made it.
 */
async function notifyApplication(
  ctx: Pick<AppContext, 'notifier'>,
  change: ApplicationChange,
  { application, advertiserId }: ApplicationNews,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const forAdvertiser = toAdvertiser(change, application);
    if (forAdvertiser) await ctx.notifier.notify(advertiserId, forAdvertiser);
    const forPublisher = toPublisher(application);
    if (forPublisher) await ctx.notifier.notify(application.publisher_id, forPublisher);
  } catch (err) {
    log.error({ err, applicationId: application.id }, 'could not notify about an application');
  }
}

/** Subscribes the application notices to the applications module's events; returns the unsubscriber. */
export function subscribeApplicationNotices(
  ctx: Pick<AppContext, 'events' | 'notifier'>,
  log: FastifyBaseLogger,
): () => void {
  const stops = [
    ctx.events.on('application.submitted', (news) => notifyApplication(ctx, 'submitted', news, log)),
    ctx.events.on('application.decided', (news) => notifyApplication(ctx, 'decided', news, log)),
  ];
  return () => stops.forEach((stop) => stop());
}
