import { translate } from '../../../lib/i18n';
import { acceptedLabel } from '../types';
import { formatBytes } from './format-bytes';

/**
 * The checks the browser can make before an upload starts: size against the limit, and the type from the
 * first bytes (as the server does; an HTML page renamed .png is caught here already). Answers why the
 * file would be refused, or null.
 */
export async function checkFile(file: File, maxBytes: number): Promise<string | null> {
  if (file.size === 0) return translate('media', 'check.empty');
  if (file.size > maxBytes) {
    return translate('media', 'check.tooLarge', { size: formatBytes(file.size), max: formatBytes(maxBytes) });
  }
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (sniffKind(head)) return null;
  const text = new TextDecoder().decode(head).trimStart().toLowerCase();
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && /\.svg$/i.test(file.name))) {
    return translate('media', 'check.svg', { types: acceptedLabel() });
  }
  if (text.startsWith('<')) return translate('media', 'check.html', { types: acceptedLabel() });
  return translate('media', 'check.type', { types: acceptedLabel() });
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** Magic bytes of the accepted formats (the server decides; this only spares a doomed upload). */
export function sniffKind(head: Uint8Array): 'image' | 'pdf' | 'video' | null {
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47]) || starts([0xff, 0xd8, 0xff])) return 'image';
  if (ascii(head, 0, 4) === 'GIF8') return 'image';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image';
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf';
  if (ascii(head, 4, 8) === 'ftyp') return 'video';
  return null;
}
