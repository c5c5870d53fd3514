/** The pieces the invoice and the payout statement share: an A4 page of Helvetica, a header, a table. */
import { translate, type Language } from '../../platform/i18n';

export const PLATFORM_NAME = 'Affilio';
export const MARGIN = 50;
const A4_WIDTH = 595.28;
const A4_HEIGHT = 841.89;
export const CONTENT_WIDTH = A4_WIDTH - 2 * MARGIN;
const FOOTER_SPACE = 60;
const GREY = '#555555';
const RULE = '#cccccc';
const HEADER_FILL = '#f1f3f5';

export type Doc = PDFKit.PDFDocument;

export interface PdfOptions {
  title: string;
  /** the addressee's language (platform/i18n.ts): footer and header words */
  language: Language;
  /** false writes readable (uncompressed) content streams: tests read the text back */
  compress?: boolean;
}

/**
 * Draws with `draw` on a new A4 document and answers the finished file. pdfkit (its fonts' metrics, ~20 MB
 * resident) is loaded by the first PDF, not at start.
 */
export async function renderPdf(options: PdfOptions, draw: (doc: Doc) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    bufferPages: true,
    info: { Title: options.title, Author: PLATFORM_NAME, Creator: PLATFORM_NAME },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica');
  draw(doc);
  pageNumbers(doc, options.title, options.language);
  doc.end();
  return done;
}

/** "INV-2026-0001 · page 1 of 2" at the foot of every page. */
function pageNumbers(doc: Doc, title: string, language: Language): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // writing below the bottom margin would start a new page: lift the margin for the footer
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(
        translate(language, 'pdf:layout.page', { title, page: i - range.start + 1, pages: range.count }),
        MARGIN,
        A4_HEIGHT - 35,
        {
          width: CONTENT_WIDTH,
          align: 'center',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottom;
  }
}

/** The platform name on the left, the document's title and reference on the right. */
export function header(doc: Doc, language: Language, title: string, reference: string, stamp?: string): void {
  const top = MARGIN;
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#1c7ed6').text(PLATFORM_NAME, MARGIN, top);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(translate(language, 'pdf:layout.tagline'), MARGIN, top + 26);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('black')
    .text(title, MARGIN, top, { width: CONTENT_WIDTH, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(reference, MARGIN, top + 20, { width: CONTENT_WIDTH, align: 'right' });
  if (stamp) {
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#e03131')
      .text(stamp, MARGIN, top + 36, { width: CONTENT_WIDTH, align: 'right' });
  }
  doc
    .moveTo(MARGIN, top + 56)
    .lineTo(MARGIN + CONTENT_WIDTH, top + 56)
    .strokeColor(RULE)
    .stroke();
  doc.fillColor('black');
  doc.y = top + 70;
}

/** A heading and lines of text in a column at (x, y); answers the y below it. */
export function block(doc: Doc, x: number, y: number, width: number, heading: string, lines: string[]) {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY).text(heading.toUpperCase(), x, y, { width });
  doc.font('Helvetica').fontSize(10).fillColor('black');
  for (const line of lines) doc.text(line, { width });
  return doc.y;
}

/** Label: value rows, labels in grey; answers the y below them. */
export function facts(doc: Doc, x: number, y: number, width: number, rows: [string, string][]) {
  const labelWidth = Math.min(110, width / 2);
  let at = y;
  for (const [label, value] of rows) {
    doc.font('Helvetica').fontSize(10).fillColor(GREY).text(label, x, at, { width: labelWidth });
    doc.fillColor('black').text(value, x + labelWidth, at, { width: width - labelWidth, align: 'right' });
    at = Math.max(doc.y, at + 14);
  }
  return at;
}

export interface Column {
  header: string;
  /** share of the content width */
  width: number;
  align?: 'left' | 'right';
}

const PAD = 5;

/**
 * A table across the content width; long cells wrap, and a table longer than the page continues on the
 * next one under a repeated header row.
 */
export function table(doc: Doc, columns: Column[], rows: string[][]): void {
  const widths = columns.map((c) => c.width * CONTENT_WIDTH);
  const bottom = A4_HEIGHT - MARGIN - FOOTER_SPACE;
  const drawRow = (cells: string[], bold: boolean, fill?: string) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    const height =
      Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * PAD }))) +
      2 * PAD;
    if (doc.y + height > bottom) {
      doc.addPage();
      doc.y = MARGIN;
      if (!bold)
        drawRow(
          columns.map((c) => c.header),
          true,
          HEADER_FILL,
        );
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    }
    const y = doc.y;
    if (fill) doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill(fill);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc.fillColor('black').text(cell, x + PAD, y + PAD, {
        width: widths[i]! - 2 * PAD,
        align: columns[i]!.align ?? 'left',
      });
      x += widths[i]!;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + CONTENT_WIDTH, y + height)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + height;
  };
  drawRow(
    columns.map((c) => c.header),
    true,
    HEADER_FILL,
  );
  for (const row of rows) drawRow(row, false);
}

/** Right-aligned label/amount rows under a table (subtotal, fee, total); the last one bold. */
export function totals(doc: Doc, rows: [string, string][]): void {
  const width = CONTENT_WIDTH * 0.5;
  const x = MARGIN + CONTENT_WIDTH - width;
  const bottom = A4_HEIGHT - MARGIN - FOOTER_SPACE;
  if (doc.y + rows.length * 18 + 10 > bottom) {
    doc.addPage();
    doc.y = MARGIN;
  }
  doc.y += 8;
  rows.forEach(([label, amount], i) => {
    const last = i === rows.length - 1;
    const y = doc.y;
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 12 : 10);
    doc.fillColor('black').text(label, x, y, { width: width * 0.55 });
    doc.text(amount, x + width * 0.55, y, { width: width * 0.45 - PAD, align: 'right' });
    doc.y = Math.max(doc.y, y + (last ? 18 : 15));
  });
}

/** Small print below everything else. */
export function note(doc: Doc, text: string): void {
  doc.y += 16;
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.fillColor('black');
}
