import type { Readable } from 'node:stream';
import type { Db } from '../../db/connection';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/http-error';
import { getSettings } from '../../platform/settings';
import type { UserRow } from '../../platform/current-user';
import * as q from './queries';
import type { ListMediaQuery, Media, MediaKind, MediaLimits } from './schema';
import { MEDIA_TYPES, type MediaType } from './sniff';
import type { MediaStorage } from './storage';
import { removeStored, storeUpload, type IncomingFile } from './upload';

const kindOf = (contentType: string): MediaKind =>
  contentType === 'application/pdf' ? 'pdf' : contentType.startsWith('video/') ? 'video' : 'image';

export function toMediaResponse(row: q.MediaRow): Media {
  return {
    id: row.id,
    owner_id: row.ownerId,
    filename: row.filename,
    content_type: row.contentType as MediaType,
    kind: kindOf(row.contentType),
    size_bytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    url: `/api/media/${row.id}/file`,
    thumbnail_url: row.thumbnailKey ? `/api/media/${row.id}/thumbnail` : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Of `ids`, the media `user` may see and download: their own; everything for admins; creatives of
 * campaigns they are approved on (publishers); attachments of conversations they are in.
 */
async function visibleIds(db: Db, user: UserRow, rows: q.MediaRow[]): Promise<Set<string>> {
  if (user.role === 'admin') return new Set(rows.map((r) => r.id));
  const visible = new Set(rows.filter((r) => r.ownerId === user.id).map((r) => r.id));
  const rest = rows.filter((r) => !visible.has(r.id)).map((r) => r.id);
  if (rest.length === 0) return visible;
  const [creatives, attachments] = await Promise.all([
    user.role === 'publisher' ? q.creativesOfApprovedCampaigns(db, user.id, rest) : new Set<string>(),
    q.attachmentsSeenBy(db, user.id, rest),
  ]);
  for (const id of [...creatives, ...attachments]) visible.add(id);
  return visible;
}

/** The media row when `user` may see it; a 404 (as for a missing one) otherwise. */
async function loadVisible(db: Db, user: UserRow, id: string): Promise<q.MediaRow> {
  const row = await q.findMedia(db, id);
  if (!row || !(await visibleIds(db, user, [row])).has(row.id)) throw notFound('Media not found');
  return row;
}

/**
 * Whether `user` may attach every one of `mediaIds` to a message: each is their own, or one they may
 * download (a creative of a campaign they are approved on, an attachment they were sent; admins: any).
 * Missing ids answer false. Used by messaging for `attachment_ids`.
 */
export async function canUseMedia(db: Db, user: UserRow, mediaIds: readonly string[]): Promise<boolean> {
  const ids = [...new Set(mediaIds)];
  if (ids.length === 0) return true;
  const rows = await q.findMediaByIds(db, ids);
  if (rows.length !== ids.length) return false;
  const visible = await visibleIds(db, user, rows);
  return ids.every((id) => visible.has(id));
}

/**
 * Checks the creatives a campaign is given: each id is media owned by the campaign's advertiser or by an
 * admin. Ids the campaign already shows are not checked again. 422 naming the first bad id otherwise.
 */
export async function assertCreativesUsable(
  db: Db,
  campaign: { advertiserId: string; creativeIds?: readonly string[] },
  creativeIds: readonly string[],
): Promise<void> {
  const already = new Set(campaign.creativeIds ?? []);
  if (new Set(creativeIds).size !== creativeIds.length) {
    throw unprocessable('creative_ids lists a creative twice');
  }
  const fresh = creativeIds.filter((id) => !already.has(id));
  if (fresh.length === 0) return;
  const owners = new Map((await q.ownersOf(db, fresh)).map((o) => [o.id, o]));
  for (const id of fresh) {
    const owner = owners.get(id);
    if (!owner || (owner.ownerId !== campaign.advertiserId && owner.ownerRole !== 'admin')) {
      throw unprocessable(
        `creative_ids: ${id} is not in the advertiser's media library; upload it under Media first`,
      );
    }
  }
}

export async function getLimits(db: Db): Promise<MediaLimits> {
  const settings = await getSettings(db);
  return { max_upload_bytes: settings.maxUploadBytes, content_types: Object.keys(MEDIA_TYPES) };
}

/** The caller's own library, or the creatives of `campaign_id` the caller may download. */
export async function listMedia(db: Db, user: UserRow, query: ListMediaQuery) {
  const page = { limit: query.limit, offset: query.offset };
  const kind = query.kind === 'all' ? undefined : query.kind;
  if (!query.campaign_id) {
    const { items, total } = await q.listMedia(db, { ownerId: user.id, kind }, page);
    return { items: items.map(toMediaResponse), total };
  }
  const creativeIds = await q.campaignCreativeIds(db, query.campaign_id);
  const visible = await visibleIds(db, user, await q.findMediaByIds(db, creativeIds));
  const { items, total } = await q.listMedia(db, { ids: [...visible], kind }, page);
  return { items: items.map(toMediaResponse), total };
}

export async function getMedia(db: Db, user: UserRow, id: string): Promise<Media> {
  return toMediaResponse(await loadVisible(db, user, id));
}

/** The bytes of a media file (or its thumbnail) the caller may see; 404 when there are none. */
export async function openMedia(
  db: Db,
  storage: MediaStorage,
  user: UserRow,
  id: string,
  variant: 'file' | 'thumbnail',
): Promise<{ media: Media; contentType: string; stream: Readable }> {
  const row = await loadVisible(db, user, id);
  const key = variant === 'file' ? row.storageKey : row.thumbnailKey;
  const stream = key ? await storage.read(key) : null;
  if (!stream) throw notFound(variant === 'file' ? 'The file is missing' : 'This media has no thumbnail');
  return {
    media: toMediaResponse(row),
    contentType: variant === 'file' ? row.contentType : 'image/webp',
    stream,
  };
}

export async function uploadMedia(
  db: Db,
  storage: MediaStorage,
  user: UserRow,
  incoming: IncomingFile,
): Promise<Media> {
  const { maxUploadBytes } = await getSettings(db);
  const file = await storeUpload(storage, incoming, maxUploadBytes);
  try {
    return toMediaResponse(await q.insertMedia(db, { ...file, ownerId: user.id }));
  } catch (error) {
    await removeStored(storage, file);
    throw error;
  }
}

/** Owner only; refused while an active campaign shows it. Draft or paused campaigns lose it as a creative. */
export async function deleteMedia(db: Db, storage: MediaStorage, user: UserRow, id: string): Promise<void> {
  const row = await loadVisible(db, user, id);
  if (row.ownerId !== user.id) throw forbidden('Only the owner can delete this media');
  const active = await q.activeCampaignsUsing(db, id);
  if (active.length > 0) {
    throw conflict(
      `This file is a creative of the active campaign${active.length > 1 ? 's' : ''} ${active.join(', ')}; remove it there (or pause the campaign) first.`,
    );
  }
  await q.deleteMedia(db, id);
  await removeStored(storage, row);
}

export { mediaStorageFor, type MediaStorage } from './storage';
