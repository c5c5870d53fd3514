import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { conflict, forbidden, notFound } from '../../platform/http-error';
import { audit } from '../../platform/audit';
import type { UserRow } from '../../platform/current-user';
import { canEditWebsite, canViewWebsite } from './policy';
import * as q from './queries';
import type {
  createWebsiteBody,
  listWebsitesQuery,
  updateWebsiteBody,
  VerificationMethod,
  Website,
} from './schema';
import type { VerificationDeps } from '../../platform/safe-fetch';
import { checkVerification } from './verification';

const newToken = () => randomBytes(16).toString('hex');

export function toWebsiteResponse(row: q.WebsiteRow): Website {
  return {
    id: row.id,
    publisher_id: row.publisherId,
    url: row.url,
    name: row.name,
    category: row.category,
    monthly_visitors: row.monthlyVisitors,
    description: row.description,
    verification_status: row.verificationStatus,
    verification_method: row.verificationMethod,
    verification_token: row.verificationToken,
    verification_error: row.verificationError,
    verified_at: row.verifiedAt ? row.verifiedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function loadVisible(db: Db, user: UserRow, id: string): Promise<q.WebsiteRow> {
  const row = await q.findWebsite(db, id);
  if (!row || !canViewWebsite(user, row)) throw notFound('Website not found');
  return row;
}

async function loadEditable(db: Db, user: UserRow, id: string): Promise<q.WebsiteRow> {
  const row = await loadVisible(db, user, id);
  if (!canEditWebsite(user, row)) throw forbidden('Only the publisher who owns this website can change it');
  return row;
}

export async function listWebsites(db: Db, user: UserRow, query: z.output<typeof listWebsitesQuery>) {
  if (user.role === 'advertiser') throw forbidden('Advertisers see websites through the publisher directory');
  const publisherId = user.role === 'publisher' ? user.id : query.publisher_id;
  const { items, total } = await q.listWebsites(
    db,
    { publisherId, verificationStatus: query.verification_status },
    query,
  );
  return { items: items.map(toWebsiteResponse), total };
}

export async function getWebsite(db: Db, user: UserRow, id: string) {
  return toWebsiteResponse(await loadVisible(db, user, id));
}

export async function createWebsite(db: Db, user: UserRow, body: z.output<typeof createWebsiteBody>) {
  if (user.role !== 'publisher') throw forbidden('Only publishers can register websites');
  if (await q.findWebsiteByUrl(db, user.id, body.url))
    throw conflict(`You have already registered ${body.url}`);
  const row = await q.insertWebsite(db, {
    publisherId: user.id,
    url: body.url,
    name: body.name,
    category: body.category,
    monthlyVisitors: body.monthly_visitors ?? 0,
    description: body.description ?? '',
    verificationToken: newToken(),
  });
  return toWebsiteResponse(row);
}

export async function updateWebsite(
  db: Db,
  user: UserRow,
  id: string,
  body: z.output<typeof updateWebsiteBody>,
) {
  const current = await loadEditable(db, user, id);
  const patch: Partial<q.NewWebsiteRow> = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.category !== undefined) patch.category = body.category;
  if (body.monthly_visitors !== undefined) patch.monthlyVisitors = body.monthly_visitors;
  if (body.description !== undefined) patch.description = body.description;
  if (body.url !== undefined && body.url !== current.url) {
    if (await q.findWebsiteByUrl(db, user.id, body.url))
      throw conflict(`You have already registered ${body.url}`);
    // a new address must be proven again, with a fresh token
    Object.assign(patch, {
      url: body.url,
      verificationStatus: 'unverified',
      verificationMethod: null,
      verificationError: null,
      verifiedAt: null,
      verificationToken: newToken(),
    } satisfies Partial<q.NewWebsiteRow>);
  }
  return toWebsiteResponse(await q.updateWebsite(db, id, patch));
}

export async function deleteWebsite(db: Db, user: UserRow, id: string): Promise<void> {
  await loadEditable(db, user, id);
  // Deleting would take the tracked clicks (and the conversions and commissions on them) with it.
  if (await q.hasTrackingHistory(db, id)) {
    throw conflict('This website has tracked clicks and commissions, so it cannot be deleted');
  }
  await q.deleteWebsite(db, id);
}

export async function verifyWebsite(
  db: Db,
  deps: VerificationDeps,
  user: UserRow,
  id: string,
  method: VerificationMethod,
) {
  const site = await loadEditable(db, user, id);
  await q.updateWebsite(db, id, { verificationStatus: 'pending', verificationMethod: method });
  const outcome = await checkVerification({ url: site.url, token: site.verificationToken }, method, deps);
  const row = await q.updateWebsite(
    db,
    id,
    outcome.ok
      ? { verificationStatus: 'verified', verificationError: null, verifiedAt: new Date() }
      : { verificationStatus: 'failed', verificationError: outcome.reason, verifiedAt: null },
  );
  return toWebsiteResponse(row);
}

const verificationState = (row: q.WebsiteRow) => ({
  verification_status: row.verificationStatus,
  verification_method: row.verificationMethod,
  verified_at: row.verifiedAt ? row.verifiedAt.toISOString() : null,
});

/**
 * An admin vouches for a website by hand (its owner proved it some other way): verified now, the last
 * error cleared, the change audit-logged. A site that is already verified is answered unchanged.
 */
export async function markWebsiteVerified(
  db: Db,
  actor: UserRow,
  id: string,
): Promise<{ website: Website; changed: boolean }> {
  return db.transaction(async (tx) => {
    const current = await q.findWebsite(tx, id);
    if (!current) throw notFound('Website not found');
    if (current.verificationStatus === 'verified') {
      return { website: toWebsiteResponse(current), changed: false };
    }
    const row = await q.updateWebsite(tx, id, {
      verificationStatus: 'verified',
      verificationError: null,
      verifiedAt: new Date(),
    });
    await audit(tx, {
      actorId: actor.id,
      action: 'website.verified_by_admin',
      entityType: 'website',
      entityId: id,
      before: verificationState(current),
      after: verificationState(row),
    });
    return { website: toWebsiteResponse(row), changed: true };
  });
}

// For other modules: a website row by id, and who may see it (search answers with the same rule).
export { findWebsite } from './queries';
export { canViewWebsite } from './policy';

// the wire schema other modules answer or query with (they never import this module's schema.ts)
export { websiteSchema } from './schema';
export { fileMissingReason } from './verification';
