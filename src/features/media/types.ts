import { translate } from '../../lib/i18n';
import { MEDIA_TYPES } from '../../../contracts/media';

// Wire types are shared with the server; the client imports only their types.
export type { Media, MediaKind, MediaLimits } from '../../../server/modules/media/schema';

/** Media page size (spec §9). */
export const MEDIA_PAGE_SIZE = 20;

/** The admin setting's default, used until the server's limits arrive. */
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What the server accepts, for the file picker: its types, then their extensions. */
export const ACCEPT_ATTRIBUTE = [
  ...Object.keys(MEDIA_TYPES),
  ...Object.values(MEDIA_TYPES).flatMap((t) => t.accept.split(',')),
].join(',');

export const acceptedLabel = () => translate('media', 'accepted');
