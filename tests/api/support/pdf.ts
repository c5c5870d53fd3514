import { inflateSync } from 'node:zlib';

/**
 * Reads back what a test needs of a PDF written by pdfkit: its page count and its text. pdfkit writes
 * one object per page (`/Type /Page`) and shows text as hex strings in `TJ` arrays, Flate-compressed
 * unless it was told not to; the standard fonts' WinAnsi codes read as Latin-1 for everything we print.
 */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
}

function contentStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const raw = Buffer.from(match[1]!, 'latin1');
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
