import { MEDIA_TYPES, type MediaType } from '../../../contracts/media';

/*
 * The type of an upload, read from its first bytes: the name and the browser's claimed type are never
 * trusted (an HTML page renamed `.png` is HTML). Only formats a browser shows inertly are accepted; SVG and
 * HTML are refused because they can carry scripts.
 */

// the accepted types are a wire contract: the client's file picker offers the same list
export { MEDIA_TYPES, type MediaType };

/** How many leading bytes `sniffType` looks at. */
export const SNIFF_BYTES = 512;

/** ISO base-media brands that are MP4 video (QuickTime `qt  ` and audio-only `M4A ` are not). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
  'f4v ',
]);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/**
 * The accepted type these bytes begin with, or null. Kept over `file-type` (issue 42, `npm run bench:libs`):
 * its `fileTypeFromBuffer` answered the same for every accepted upload but ran at 0.10× this speed
 * (it is async and checks over a hundred formats), and it is looser where it matters: any ISO file whose brand it does
 * not know, and DRM-protected M4P, come out as video/mp4, which this allowlist of brands refuses.
 */
export function sniffType(bytes: Uint8Array): MediaType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(bytes, 8, 12))) {
    return 'video/mp4';
  }
  return null;
}

const ACCEPTED = 'PNG, JPEG, WebP, GIF, PDF or MP4';

/** Why bytes that `sniffType` refused were refused, as a sentence for the uploader. */
export function refusalReason(bytes: Uint8Array): string {
  if (bytes.length === 0) return 'The file is empty.';
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<')) {
    if (text.includes('<svg')) {
      return `SVG images are not accepted because they can contain scripts; upload a ${ACCEPTED} file.`;
    }
    if (/<(!doctype html|html|head|body|script)/.test(text)) {
      return `HTML files are not accepted, whatever their name; upload a ${ACCEPTED} file.`;
    }
  }
  return `This file type is not accepted (checked by its content, not its name); upload a ${ACCEPTED} file.`;
}

/**
 * A file name safe to store, show and send in Content-Disposition: no path, no control or quote
 * characters, at most 200 characters, ending in the extension of the sniffed type.
 */
export function sanitizeFilename(raw: string | undefined, type: MediaType): string {
  const extension = MEDIA_TYPES[type].extension;
  const base = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  let name = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"'<>:|?*`;]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const given = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const matches = given === extension || (extension === 'jpg' && given === 'jpeg');
  name = `${(stem || 'upload').slice(0, 190)}.${matches ? given : extension}`;
  return name;
}
