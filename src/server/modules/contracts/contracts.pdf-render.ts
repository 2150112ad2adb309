import PDFDocument from 'pdfkit';
import { capLines } from '@/shared/domain/caps';
import { boldRuns } from '@/shared/domain/contracts';
import type { ContractView } from '@/shared/schemas/contracts';

/**
 * The signed contract as a PDF (issue 11): the text, with `**bold**` markers set in bold and its line
 * breaks kept, then a last page naming both signers, their roles, when each signed, the version and its
 * SHA-256. The standard PDF fonts are used (nothing to ship or embed); they cover Windows-1252 only, so
 * any other character is printed as its code point, `[U+1F512]`, and nothing of the text is lost
 * (decision 026).
 */

/** The Unicode characters Windows-1252 puts in 0x80–0x9F, which the standard fonts can show. */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

const printable = (code: number) =>
  (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);

/** The text as the standard fonts can set it: tabs as spaces, anything else outside their range as `[U+XXXX]`. */
export function pdfSafeText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code === 0x09) out += '    ';
    else if (printable(code)) out += ch;
    else out += `[U+${code.toString(16).toUpperCase().padStart(4, '0')}]`;
  }
  return out;
}

const when = (ms: number | null) =>
  ms === null ? '-' : `${new Date(ms).toISOString().replace('T', ' ').slice(0, 19)} UTC`;

const FONT = { plain: 'Helvetica', bold: 'Helvetica-Bold', mono: 'Courier' } as const;

/**
 * Longest run of characters without a space that is laid out as typed. pdfkit fits a word longer than the
 * line one character at a time, over and over (a 50,000-character word took seconds); a longer run is cut
 * into lines of this many characters first, which even the widest glyphs (W, 11 pt) fit on an A4 line.
 */
export const LONGEST_RUN = 40;

/** The run's long words cut into lines of LONGEST_RUN characters (one pass over the text). */
export function breakLongRuns(text: string): string {
  return text.replace(new RegExp(`[^\\s]{${LONGEST_RUN + 1},}`, 'g'), (word) => {
    const lines: string[] = [];
    for (let i = 0; i < word.length; i += LONGEST_RUN) lines.push(word.slice(i, i + LONGEST_RUN));
    return lines.join('\n');
  });
}

function writeText(doc: PDFKit.PDFDocument, content: string) {
  doc.fontSize(11);
  for (const line of content.split('\n')) {
    const runs = boldRuns(pdfSafeText(line))
      .filter((r) => r.text.length > 0)
      .map((r) => ({ ...r, text: breakLongRuns(r.text) }));
    if (runs.length === 0) {
      doc.moveDown(0.6);
      continue;
    }
    runs.forEach((run, i) => {
      doc.font(run.bold ? FONT.bold : FONT.plain).text(run.text, { continued: i < runs.length - 1 });
    });
  }
}

function writeSignatures(doc: PDFKit.PDFDocument, c: ContractView) {
  doc.addPage();
  doc.font(FONT.bold).fontSize(16).text('Signatures');
  doc.moveDown(0.5);
  doc
    .font(FONT.plain)
    .fontSize(10)
    .text(
      'Both partners signed the version below. The SHA-256 is computed over the UTF-8 text of that version; ' +
        'any change to the text gives a different hash.',
    );
  doc.moveDown();
  for (const party of [c.dominant, c.submissive]) {
    const at = party.role === 'dominant' ? c.dominantSignedAt : c.submissiveSignedAt;
    doc.font(FONT.bold).fontSize(12).text(pdfSafeText(party.name));
    doc
      .font(FONT.plain)
      .fontSize(10)
      .text(`Role: ${party.role === 'dominant' ? 'Dominant' : 'Submissive'}`);
    doc.text(`Signed: ${when(at)}`);
    doc.moveDown();
  }
  doc.font(FONT.bold).fontSize(11).text(`Version ${c.versionNumber}`);
  doc
    .font(FONT.plain)
    .fontSize(10)
    .text(`Fully signed: ${when(c.signedAt)}`);
  doc.text('SHA-256:');
  doc.font(FONT.mono).fontSize(9).text(c.sha256);
}

/** The caps this version carries (decision 057): part of what both signed and of its SHA-256. */
function writeCaps(doc: PDFKit.PDFDocument, c: ContractView) {
  doc.moveDown();
  doc.font(FONT.bold).fontSize(14).text('Caps');
  doc.font(FONT.plain).fontSize(11);
  for (const line of capLines(c.caps.version)) doc.text(`${line.label}: ${line.value}`);
}

/** The PDF's bytes. `compress: false` leaves the page streams readable (tests). */
export function renderContractPdf(c: ContractView, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: opts.compress ?? true,
    info: { Title: `Relationship agreement, version ${c.versionNumber}`, Creator: 'Pact', Producer: 'Pact' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  writeText(doc, c.content);
  writeCaps(doc, c);
  writeSignatures(doc, c);
  doc.end();
  return done;
}
