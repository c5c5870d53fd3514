import { inflateSync } from 'node:zlib';

/**
 * Reads back what a test needs of a PDF written by pdfkit: its page count and its text. pdfkit writes
 * one object per page (`/Type /Page`) and shows text as hex strings in `TJ` arrays, Flate-compressed
 * unless it was told not to; the standard fonts' WinAnsi codes read as Latin-1 for everything we print.
 */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
}

/**
 * Each stream's bytes, cut by the `/Length` of its dictionary: compressed data may end in a `\r`
 * byte, which a search for `\r?\nendstream` would eat and so break the inflate (a 1-in-256 flake).
 */
function contentStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/\/Length\s+(\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const raw = pdf.subarray(start, start + Number(match[1]));
    try {
      streams.push(inflateSync(raw).toString('latin1'));
    } catch {
      streams.push(raw.toString('latin1'));
    }
  }
  return streams;
}

const hexText = (hex: string) => Buffer.from(hex, 'hex').toString('latin1');

/** Every text run of the document, one per line, kerning gaps closed. */
export function pdfText(pdf: Buffer): string {
  const runs: string[] = [];
  for (const stream of contentStreams(pdf)) {
    for (const [, array] of stream.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      runs.push([...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => hexText(m[1]!)).join(''));
    }
  }
  return runs.join('\n');
}
