import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { isUniqueViolation } from '../../platform/db-errors';
import { assertEmailVerified } from '../../platform/email-verification';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/http-error';
import { audit } from '../../platform/audit';
import { recordIntegrationEvent } from '../../platform/outbox';
import { findCampaign } from '../campaigns/service';
import { findUserById, type UserRow } from '../../platform/current-user';
import { findWebsite } from '../websites/service';
import { canDecideApplication, canViewApplication, canWithdrawApplication } from './policy';
import * as q from './queries';
import type { Application, ApplicationStatus, applyBody, listApplicationsQuery } from './schema';

/** 10 URL-safe characters (60 bits): short enough to share, far too many to guess. */
const newTrackingCode = () => randomBytes(8).toString('base64url').slice(0, 10);

export function toApplicationResponse(v: q.ApplicationView): Application {
  const a = v.application;
  return {
    id: a.id,
    campaign_id: a.campaignId,
    publisher_id: a.publisherId,
    website_id: a.websiteId,
    status: a.status,
    message: a.message,
    reason: a.reason,
    // the link only works while the application is approved
    tracking_code: a.status === 'approved' ? v.trackingCode : null,
    created_at: a.createdAt.toISOString(),
    decided_at: a.decidedAt ? a.decidedAt.toISOString() : null,
    campaign_name: v.campaignName,
    website_url: v.websiteUrl,
    publisher_name: v.publisherName,
  };
}

async function reload(db: Db, id: string): Promise<Application> {
  const view = await q.findApplication(db, id);
  if (!view) throw notFound('Application not found');
  return toApplicationResponse(view);
}

/** What apply and decide need: the database, and the bus they announce a committed change on. */
type ServiceContext = Pick<AppContext, 'db' | 'events'>;
type ApplyContext = ServiceContext & Pick<AppContext, 'config'>;

/**
 * After the change committed: caches drop the application's campaign at once, then notifications
 * (advertiser and publisher, in-app and push) are sent before the request answers, as before.
 */
async function announce(
  events: ServiceContext['events'],
  change: 'application.submitted' | 'application.decided',
  application: Application,
  advertiserId: string,
): Promise<Application> {
  events.emit('application.changed', { applicationId: application.id, campaignId: application.campaign_id });
  await events.emitAndWait(change, { application, advertiserId });
  return application;
}

/** The webhook outbox event of an application change, in its transaction (the campaign's advertiser sees it). */
async function recordApplicationEvent(
  tx: Db,
  type: 'application.created' | 'application.decided',
  id: string,
  advertiserId: string,
): Promise<void> {
  const view = await q.findApplication(tx, id);
  if (!view) return;
  await recordIntegrationEvent(tx, {
    type,
    data: toApplicationResponse(view),
    audience: [advertiserId],
    campaignId: view.application.campaignId,
  });
}

async function approveInTx(db: Db, app: q.ApplicationRow, actorId: string | null): Promise<void> {
  await q.upsertTrackingLink(db, app, newTrackingCode());
  await audit(db, {
    actorId,
    action: 'application.approved',
    entityType: 'application',
    entityId: app.id,
    before: { status: 'pending' },
    after: { status: 'approved' },
  });
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** 'GB' → 'United Kingdom', as the app names countries; the code where there is no name. */
const countryName = (code: string): string => regionNames.of(code) ?? code;

export async function apply(
  { db, events, config }: ApplyContext,
  user: UserRow,
  body: z.output<typeof applyBody>,
): Promise<Application> {
  if (user.role !== 'publisher') throw forbidden('Only publishers can apply to campaigns');
  await assertEmailVerified({ db, config }, user, 'apply to campaigns');
  const campaign = await findCampaign(db, body.campaign_id);
  // publishers never see drafts, so one answers like a campaign that does not exist
  if (!campaign || campaign.status === 'draft') throw notFound('Campaign not found');
  if (campaign.status !== 'active') throw unprocessable('This campaign is not accepting applications');
  const website = await findWebsite(db, body.website_id);
  if (!website || website.publisherId !== user.id) throw notFound('Website not found');
  if (website.verificationStatus !== 'verified')
    throw unprocessable('Verify this website before applying with it');
  if (campaign.allowedCountries.length > 0) {
    const me = await findUserById(db, user.id);
    const country = me?.profile?.country;
    if (!country || !campaign.allowedCountries.includes(country)) {
      throw unprocessable(
        `This campaign accepts publishers from ${campaign.allowedCountries.map(countryName).join(', ')} only`,
      );
    }
  }
  try {
    const id = await db.transaction(async (tx) => {
      const auto = campaign.approvalMode === 'auto';
      const row = await q.insertApplication(tx, {
        campaignId: campaign.id,
        publisherId: user.id,
        websiteId: website.id,
        message: body.message,
        status: auto ? 'approved' : 'pending',
        decidedAt: auto ? new Date() : null,
      });
      if (auto) await approveInTx(tx, row, null);
      await recordApplicationEvent(tx, 'application.created', row.id, campaign.advertiserId);
      return row.id;
    });
    return announce(events, 'application.submitted', await reload(db, id), campaign.advertiserId);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict('You already have an open application to this campaign with this website');
    }
    throw err;
  }
}

async function loadVisible(db: Db, user: UserRow, id: string): Promise<q.ApplicationView> {
  const view = await q.findApplication(db, id);
  const scope = view && {
    publisherId: view.application.publisherId,
    campaignAdvertiserId: view.campaignAdvertiserId,
  };
  if (!view || !scope || !canViewApplication(user, scope)) throw notFound('Application not found');
  return view;
}

export async function getApplication(db: Db, user: UserRow, id: string) {
  return toApplicationResponse(await loadVisible(db, user, id));
}

export async function listApplications(db: Db, user: UserRow, query: z.output<typeof listApplicationsQuery>) {
  const filter: q.ApplicationFilter = {
    campaignId: query.campaign_id,
    publisherId: query.publisher_id,
    advertiserId: query.advertiser_id,
    status: query.status === 'all' ? undefined : query.status,
    search: query.search || undefined,
  };
  // the caller's own scope always applies; asking for someone else's narrows it to nothing
  const own = user.role === 'publisher' ? 'publisherId' : user.role === 'advertiser' ? 'advertiserId' : null;
  if (own) {
    if (filter[own] && filter[own] !== user.id) return { items: [], total: 0 };
    filter[own] = user.id;
  }
  const { items, total } = await q.listApplications(db, filter, query);
  return { items: items.map(toApplicationResponse), total };
}

type Decision = 'approve' | 'reject' | 'suspend' | 'withdraw';
const TRANSITIONS: Record<Decision, { from: ApplicationStatus; to: ApplicationStatus }> = {
  approve: { from: 'pending', to: 'approved' },
  reject: { from: 'pending', to: 'rejected' },
  suspend: { from: 'approved', to: 'suspended' },
  withdraw: { from: 'pending', to: 'withdrawn' },
};

/** Every decision: permission, allowed transition (checked again in the UPDATE against races), audit. */
export async function decide(
  { db, events }: ServiceContext,
  user: UserRow,
  id: string,
  decision: Decision,
  reason?: string,
): Promise<Application> {
  const view = await loadVisible(db, user, id);
  const scope = {
    publisherId: view.application.publisherId,
    campaignAdvertiserId: view.campaignAdvertiserId,
  };
  const allowed =
    decision === 'withdraw' ? canWithdrawApplication(user, scope) : canDecideApplication(user, scope);
  if (!allowed) {
    throw forbidden(
      decision === 'withdraw'
        ? 'Only the publisher who applied can withdraw'
        : 'Only the campaign’s advertiser or an admin can decide applications',
    );
  }
  const { from, to } = TRANSITIONS[decision];
  const current = view.application.status;
  if (current !== from) throw unprocessable(`Cannot ${decision} an application that is ${current}`);
  await db.transaction(async (tx) => {
    const row = await q.transitionApplication(tx, id, from, {
      status: to,
      reason: reason ?? null,
      ...(decision === 'withdraw' ? {} : { decidedBy: user.id, decidedAt: new Date() }),
    });
    if (!row) throw conflict('The application changed meanwhile; reload and try again');
    if (decision !== 'withdraw') {
      await recordApplicationEvent(tx, 'application.decided', id, view.campaignAdvertiserId);
    }
    if (to === 'approved') return approveInTx(tx, row, user.id);
    if (to === 'suspended') await q.setTrackingLinkActive(tx, id, false);
    await audit(tx, {
      actorId: user.id,
      action: `application.${to}`,
      entityType: 'application',
      entityId: id,
      before: { status: from },
      after: { status: to, reason: reason ?? null },
    });
  });
  return announce(events, 'application.decided', await reload(db, id), view.campaignAdvertiserId);
}

// For search: who may see an application (the same rule as GET /api/applications/:id).
export { canViewApplication } from './policy';

// the wire schema other modules answer or query with (they never import this module's schema.ts)
export { listApplicationsQuery } from './schema';
