import { and, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { applications, campaigns } from '../../db/schema/marketplace';
import { media } from '../../db/schema/media';
import { conversationMembers, messages } from '../../db/schema/messaging';
import { users } from '../../db/schema/users';
import type { MediaKind } from './schema';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

const KIND_PATTERNS: Record<MediaKind, string> = {
  image: 'image/%',
  pdf: 'application/pdf',
  video: 'video/%',
};

/** `jsonb_array @> ["id"]`: the array column holds the id. */
const holds = (column: SQL | typeof campaigns.creativeIds, id: string) =>
  sql`${column} @> jsonb_build_array(${id}::text)`;

export async function insertMedia(db: Db, values: NewMediaRow): Promise<MediaRow> {
  const [row] = await db.insert(media).values(values).returning();
  if (!row) throw new Error('media insert returned nothing');
  return row;
}

export async function findMedia(db: Db, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row ?? null;
}

export async function findMediaByIds(db: Db, ids: readonly string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(media)
    .where(inArray(media.id, [...ids]));
}

export interface MediaFilter {
  ownerId?: string;
  /** restricts to these ids (a campaign's creatives) */
  ids?: readonly string[];
  kind?: MediaKind;
}

export async function listMedia(db: Db, filter: MediaFilter, page: { limit: number; offset: number }) {
  const parts: SQL[] = [];
  if (filter.ownerId) parts.push(eq(media.ownerId, filter.ownerId));
  if (filter.ids) parts.push(filter.ids.length ? inArray(media.id, [...filter.ids]) : sql`false`);
  if (filter.kind) parts.push(like(media.contentType, KIND_PATTERNS[filter.kind]));
  const condition = parts.length ? and(...parts) : undefined;
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(media)
      .where(condition)
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(media)
      .where(condition),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** Of `ids`, those that are creatives of a campaign `publisherId` is approved on. */
export async function creativesOfApprovedCampaigns(
  db: Db,
  publisherId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ creativeIds: campaigns.creativeIds })
    .from(campaigns)
    .innerJoin(applications, eq(applications.campaignId, campaigns.id))
    .where(
      and(
        eq(applications.publisherId, publisherId),
        eq(applications.status, 'approved'),
        sql`${campaigns.creativeIds} ?| ${sql.raw('array[')}${sql.join(
          ids.map((id) => sql`${id}::text`),
          sql`, `,
        )}${sql.raw(']')}`,
      ),
    );
  const wanted = new Set(ids);
  return new Set(rows.flatMap((r) => r.creativeIds).filter((id) => wanted.has(id)));
}

/** Of `ids`, those attached to a message in a conversation `userId` is a member of. */
export async function attachmentsSeenBy(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ attachmentIds: messages.attachmentIds })
    .from(messages)
    .innerJoin(conversationMembers, eq(conversationMembers.conversationId, messages.conversationId))
    .where(
      and(
        eq(conversationMembers.userId, userId),
        sql`${messages.attachmentIds} ?| ${sql.raw('array[')}${sql.join(
          ids.map((id) => sql`${id}::text`),
          sql`, `,
        )}${sql.raw(']')}`,
      ),
    );
  const wanted = new Set(ids);
  return new Set(rows.flatMap((r) => r.attachmentIds).filter((id) => wanted.has(id)));
}

/** Names of the active campaigns showing `id` as a creative. */
export async function activeCampaignsUsing(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.status, 'active'), holds(campaigns.creativeIds, id)))
    .orderBy(campaigns.name);
  return rows.map((r) => r.name);
}

/** Deletes the row and takes the id off every campaign's creatives (one transaction). */
export async function deleteMedia(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(campaigns)
      .set({ creativeIds: sql`${campaigns.creativeIds} - ${id}::text` })
      .where(holds(campaigns.creativeIds, id));
    await tx.delete(media).where(eq(media.id, id));
  });
}

/** Each media id with its owner's role (for the creative rule: the advertiser's own, or an admin's). */
export async function ownersOf(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: media.id, ownerId: media.ownerId, ownerRole: users.role })
    .from(media)
    .innerJoin(users, eq(users.id, media.ownerId))
    .where(inArray(media.id, [...ids]));
}

/** The creative ids of a campaign (none when it does not exist). */
export async function campaignCreativeIds(db: Db, campaignId: string): Promise<string[]> {
  const [row] = await db
    .select({ creativeIds: campaigns.creativeIds })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row?.creativeIds ?? [];
}
