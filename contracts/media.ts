/**
 * The upload types the server accepts, in this order: what it stores (`extension`, whether it makes a
 * thumbnail) and what a file picker offers (`accept`). The server decides from the first bytes, never from
 * the name; SVG and HTML are refused because they can carry scripts.
 */
export const MEDIA_TYPES = {
  'image/png': { extension: 'png', image: true, accept: '.png' },
  'image/jpeg': { extension: 'jpg', image: true, accept: '.jpg,.jpeg' },
  'image/webp': { extension: 'webp', image: true, accept: '.webp' },
  'image/gif': { extension: 'gif', image: true, accept: '.gif' },
  'application/pdf': { extension: 'pdf', image: false, accept: '.pdf' },
  'video/mp4': { extension: 'mp4', image: false, accept: '.mp4' },
} as const;

export type MediaType = keyof typeof MEDIA_TYPES;
