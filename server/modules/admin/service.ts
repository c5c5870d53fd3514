import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { isUniqueViolation } from '../../platform/db-errors';
import { toMinorSum } from '../../platform/minor-sum';
import { conflict, notFound, unprocessable } from '../../platform/http-error';
import { assertStrongPassword, createPasswordToken, hashPassword, setPasswordLink } from '../auth/service';
import type { CurrencyCode } from '../../platform/currency-codes';
import { findUserByEmail, findUserById, type UserRow } from '../../platform/current-user';
import type { Role } from '../../../contracts/users';
import { completionState, insertUser, profileFromRow } from '../users/service';
import { audit } from '../../platform/audit';
import { msg, translate, type Message } from '../../platform/i18n';
import * as q from './queries';
import type { AdminUser, AdminUserDetail, CreateUserBody, ListUsersQuery } from './schema';

const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What an action needs from the request beyond its input: where links point, where failures are logged. */
export interface RequestInfo {
  origin: string;
  log: FastifyBaseLogger;
}

export function toAdminUser(row: q.AdminUserRow): AdminUser {
  const u = row.user;
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    status: u.status,
    country: row.country,
    company_name: row.companyName,
    display_name: row.displayName,
    onboarding_completed: u.onboardingCompleted,
    email_verified: u.emailVerifiedAt !== null,
    preferred_currency: (u.preferredCurrency as CurrencyCode | null) ?? null,
    created_at: u.createdAt.toISOString(),
    campaigns_count: row.campaignsCount,
    websites_count: row.websitesCount,
    applications_count: row.applicationsCount,
  };
}

export async function listUsers(db: Db, query: ListUsersQuery) {
  const { items, total } = await q.listAdminUsers(
    db,
    { role: query.role, status: query.status, country: query.country, search: query.search || undefined },
    { by: query.sort, order: query.order },
    query,
  );
  return { items: items.map(toAdminUser), total };
}

async function loadAdminUser(db: Db, id: string): Promise<AdminUser> {
  const row = await q.findAdminUser(db, id);
  if (!row) throw notFound('User not found');
  return toAdminUser(row);
}

export async function getUserDetail(db: Db, id: string): Promise<AdminUserDetail> {
  const [summary, full, sites, owned, totals] = await Promise.all([
    loadAdminUser(db, id),
    findUserById(db, id),
    q.listUserWebsites(db, id),
    q.listUserCampaigns(db, id),
    q.commissionTotals(db, id),
  ]);
  return {
    ...summary,
    profile: profileFromRow(full?.profile ?? null),
    websites: sites.map((w) => ({
      id: w.id,
      url: w.url,
      name: w.name,
      verification_status: w.verificationStatus,
    })),
    campaigns: owned,
    commission_totals: totals.map((t) => ({
      currency: t.currency,
      pending_minor: toMinorSum(t.pendingMinor),
      approved_minor: toMinorSum(t.approvedMinor),
      paid_minor: toMinorSum(t.paidMinor),
    })),
  };
}

/** Mail after a committed change: a failure is logged and does not undo the change. */
async function sendMail(
  ctx: AppContext,
  info: RequestInfo,
  mail: { to: string; subject: string; text: string },
) {
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    info.log.error({ err, to: mail.to, subject: mail.subject }, 'admin mail failed');
  }
}

async function notifyUser(
  ctx: AppContext,
  info: RequestInfo,
  userId: string,
  title: Message,
  body: Message | '',
) {
  try {
    await ctx.notifier.notify(userId, { category: 'system', title, body, priority: 'high' });
  } catch (err) {
    info.log.error({ err, userId }, 'could not store notification');
  }
}

/** `an advertiser`, `a publisher`, `an admin` */
const withArticle = (role: Role) => `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;

/** createUser: any role, active at once; without a password the user sets one through an e-mailed link. */
export async function createUser(
  ctx: AppContext,
  actor: UserRow,
  body: CreateUserBody,
  info: RequestInfo,
): Promise<AdminUser> {
  if (await findUserByEmail(ctx.db, body.email)) throw conflict('Email already registered');
  const invited = body.password === undefined;
  if (body.password !== undefined)
    assertStrongPassword(body.password, [body.email, body.name ?? ''], 'password');
  // an invited account gets a random password nobody knows until the invite link replaces it
  const passwordHash = await hashPassword(body.password ?? randomBytes(32).toString('base64url'));
  const state = completionState(body.role, profileFromRow(null));
  let created: { id: string; token: string | null; language: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const { user } = await insertUser(
        tx,
        {
          email: body.email,
          passwordHash,
          role: body.role,
          name: body.name,
          status: 'active',
          // an admin vouches for the address (an invitee also proves it by following the e-mailed link)
          emailVerifiedAt: new Date(),
          profileCompletionStep: state.step,
          profileCompletionStatus: state.status,
          onboardingCompleted: state.onboardingCompleted,
        },
        {},
      );
      const token = invited ? await createPasswordToken(tx, user.id, INVITE_TOKEN_TTL_MS) : null;
      await audit(tx, {
        actorId: actor.id,
        action: 'user.created',
        entityType: 'user',
        entityId: user.id,
        after: { email: user.email, name: user.name, role: user.role, status: user.status, invited },
      });
      return { id: user.id, token, language: user.language };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Email already registered');
    throw err;
  }
  if (created.token) {
    const link = setPasswordLink(ctx, info.origin, created.token);
    await sendMail(ctx, info, {
      to: body.email,
      subject: translate(created.language, 'mail:invite.subject'),
      text: translate(created.language, 'mail:invite.text', {
        name: body.name,
        email: body.email,
        role: body.role,
        link,
      }),
    });
  }
  ctx.events.emit('user.changed', { userId: created.id });
  return loadAdminUser(ctx.db, created.id);
}

async function loadTarget(db: Db, id: string): Promise<UserRow> {
  const found = await findUserById(db, id);
  if (!found) throw notFound('User not found');
  return found.user;
}

const changedMeanwhile = () => conflict('The account changed meanwhile; reload and try again');

interface Reach {
  pausedCampaignIds: string[];
  links: q.LinkChange[];
}

/** Tells the caches (tracking links, campaigns) what an account change touched, after it committed. */
function emitChanges(ctx: AppContext, userId: string, reach: Reach): void {
  ctx.events.emit('user.changed', { userId });
  for (const campaignId of reach.pausedCampaignIds) ctx.events.emit('campaign.changed', { campaignId });
  for (const link of reach.links) ctx.events.emit('application.changed', link);
}

/** Stops what the account earns or spends through: an advertiser's active campaigns, a publisher's links. */
async function cutReach(db: Db, user: Pick<UserRow, 'id' | 'role'>): Promise<Reach> {
  if (user.role === 'advertiser')
    return { pausedCampaignIds: await q.pauseActiveCampaigns(db, user.id), links: [] };
  if (user.role === 'publisher')
    return { pausedCampaignIds: [], links: await q.deactivateTrackingLinks(db, user.id) };
  return { pausedCampaignIds: [], links: [] };
}

export async function approveUser(ctx: AppContext, actor: UserRow, id: string, info: RequestInfo) {
  const target = await loadTarget(ctx.db, id);
  if (target.status !== 'pending')
    throw unprocessable(`Only pending accounts can be approved; this one is ${target.status}`);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await q.transitionUser(tx, id, { status: ['pending'] }, { status: 'active' }, false);
    if (!updated) throw changedMeanwhile();
    await audit(tx, {
      actorId: actor.id,
      action: 'user.approved',
      entityType: 'user',
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'active' },
    });
    return updated;
  });
  await sendMail(ctx, info, {
    to: row.email,
    subject: translate(row.language, 'mail:approved.subject'),
    text: translate(row.language, 'mail:approved.text', {
      name: row.name || row.email,
      link: `${ctx.config.appUrl ?? info.origin}/login`,
    }),
  });
  await notifyUser(
    ctx,
    info,
    id,
    msg('notifications:account.approved.title'),
    msg('notifications:account.approved.body'),
  );
  emitChanges(ctx, id, { pausedCampaignIds: [], links: [] });
  return loadAdminUser(ctx.db, id);
}

/**
 * Suspension: every session ends at once (token_version bump; the guard also refuses suspended users),
 * an advertiser's active campaigns pause and a publisher's tracking links stop.
 */
export async function suspendUser(ctx: AppContext, actor: UserRow, id: string, reason: string | undefined) {
  if (id === actor.id) throw unprocessable('You cannot suspend your own account');
  const target = await loadTarget(ctx.db, id);
  if (target.status === 'suspended') throw unprocessable('This account is already suspended');
  const reach = await ctx.db.transaction(async (tx) => {
    const updated = await q.transitionUser(
      tx,
      id,
      { status: [target.status] },
      { status: 'suspended' },
      true,
    );
    if (!updated) throw changedMeanwhile();
    const cut = await cutReach(tx, updated);
    await audit(tx, {
      actorId: actor.id,
      action: 'user.suspended',
      entityType: 'user',
      entityId: id,
      before: { status: target.status },
      after: {
        status: 'suspended',
        reason: reason || null,
        paused_campaign_ids: cut.pausedCampaignIds,
        deactivated_application_ids: cut.links.map((l) => l.applicationId),
      },
    });
    return cut;
  });
  emitChanges(ctx, id, reach);
  return loadAdminUser(ctx.db, id);
}

/** Reactivation restores a publisher's links of still-approved applications; campaigns stay paused. */
export async function activateUser(ctx: AppContext, actor: UserRow, id: string, info: RequestInfo) {
  const target = await loadTarget(ctx.db, id);
  if (target.status !== 'suspended') {
    throw unprocessable(
      target.status === 'pending'
        ? 'This account is pending; approve it instead'
        : 'Only suspended accounts can be reactivated; this one is active',
    );
  }
  const links = await ctx.db.transaction(async (tx) => {
    const updated = await q.transitionUser(tx, id, { status: ['suspended'] }, { status: 'active' }, false);
    if (!updated) throw changedMeanwhile();
    const restored = updated.role === 'publisher' ? await q.reactivateTrackingLinks(tx, id) : [];
    await audit(tx, {
      actorId: actor.id,
      action: 'user.activated',
      entityType: 'user',
      entityId: id,
      before: { status: 'suspended' },
      after: { status: 'active', reactivated_application_ids: restored.map((l) => l.applicationId) },
    });
    return restored;
  });
  await notifyUser(
    ctx,
    info,
    id,
    msg('notifications:account.activated.title'),
    target.role === 'advertiser' ? msg('notifications:account.activated.bodyAdvertiser') : '',
  );
  emitChanges(ctx, id, { pausedCampaignIds: [], links });
  return loadAdminUser(ctx.db, id);
}

/**
 * An explicit role change: sessions end (the token carries the role), onboarding restarts for the new
 * role's profile fields, and what the old role ran stops (campaigns pause, links stop) as in suspension.
 */
export async function changeRole(ctx: AppContext, actor: UserRow, id: string, role: Role, info: RequestInfo) {
  if (id === actor.id) throw unprocessable('You cannot change your own role');
  const target = await findUserById(ctx.db, id);
  if (!target) throw notFound('User not found');
  const before = target.user;
  if (before.role === role) throw unprocessable(`This account is already ${withArticle(role)}`);
  const state = completionState(role, profileFromRow(target.profile));
  const reach = await ctx.db.transaction(async (tx) => {
    const updated = await q.transitionUser(
      tx,
      id,
      { role: before.role },
      {
        role,
        profileCompletionStep: state.step,
        profileCompletionStatus: state.status,
        onboardingCompleted: state.onboardingCompleted,
      },
      true,
    );
    if (!updated) throw changedMeanwhile();
    const cut = await cutReach(tx, before);
    const restored =
      role === 'publisher' && updated.status === 'active' ? await q.reactivateTrackingLinks(tx, id) : [];
    await audit(tx, {
      actorId: actor.id,
      action: 'user.role_changed',
      entityType: 'user',
      entityId: id,
      before: { role: before.role },
      after: {
        role,
        paused_campaign_ids: cut.pausedCampaignIds,
        deactivated_application_ids: cut.links.map((l) => l.applicationId),
      },
    });
    return { pausedCampaignIds: cut.pausedCampaignIds, links: [...cut.links, ...restored] };
  });
  await notifyUser(
    ctx,
    info,
    id,
    msg('notifications:account.roleChanged.title'),
    msg('notifications:account.roleChanged.body', { role }),
  );
  emitChanges(ctx, id, reach);
  return loadAdminUser(ctx.db, id);
}

// the wire schema other modules answer or query with (they never import this module's schema.ts)
export { listUsersQuery } from './schema';
