// Wire types are shared with the server; the client imports only their types.
export type { Media, MediaKind, MediaLimits } from '../../../server/modules/media/schema';

/** Media page size (spec §9). */
export const MEDIA_PAGE_SIZE = 20;

/** The admin setting's default, used until the server's limits arrive. */
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What the server accepts (copied from server/modules/media/sniff.ts), for the file picker's hint. */
export const ACCEPTED_TYPES = {
  'image/png': '.png',
  'image/jpeg': '.jpg,.jpeg',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'application/pdf': '.pdf',
  'video/mp4': '.mp4',
} as const;

export const ACCEPT_ATTRIBUTE = [
  ...Object.keys(ACCEPTED_TYPES),
  ...Object.values(ACCEPTED_TYPES).flatMap((e) => e.split(',')),
].join(',');

export const ACCEPTED_LABEL = 'PNG, JPEG, WebP, GIF, PDF or MP4';
