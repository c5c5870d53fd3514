import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { DomainEvents } from '../../platform/events';
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
      title: `New application for ${a.campaign_name}`,
      body: `${a.publisher_name} applied with ${a.website_url}. Approve or reject it.`,
      requiresAction: true,
      ...routing(a),
    };
  }
  if (change === 'submitted' && a.status === 'approved') {
    return {
      category: 'application',
      title: `New publisher on ${a.campaign_name}`,
      body: `${a.publisher_name} joined with ${a.website_url} (approved automatically).`,
      ...routing(a),
    };
  }
  if (change === 'decided' && a.status === 'withdrawn') {
    return {
      category: 'application',
      priority: 'low',
      title: `Application withdrawn: ${a.campaign_name}`,
      body: `${a.publisher_name} withdrew their application with ${a.website_url}.`,
      ...routing(a),
    };
  }
  return null;
}

function toPublisher(a: Application): NotificationEvent | null {
  const reason = a.reason ? ` Reason: ${a.reason}` : '';
  switch (a.status) {
    case 'approved':
      return {
        category: 'application',
        priority: 'high',
        title: `Application approved: ${a.campaign_name}`,
        body: `You can now promote ${a.campaign_name} on ${a.website_url}; your tracking link is ready.`,
        ...routing(a),
      };
    case 'rejected':
      return {
        category: 'application',
        title: `Application rejected: ${a.campaign_name}`,
        body: `Your application with ${a.website_url} was rejected.${reason}`,
        ...routing(a),
      };
    case 'suspended':
      return {
        category: 'application',
        priority: 'high',
        isImportant: true,
        title: `Application suspended: ${a.campaign_name}`,
        body: `Your tracking link for ${a.website_url} no longer counts clicks or sales.${reason}`,
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
