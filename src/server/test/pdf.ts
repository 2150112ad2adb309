import { inflateSync } from 'node:zlib';

/** Windows-1252's 0x80–0x9F, as the standard PDF fonts encode them. */
const WIN_ANSI: Record<number, string> = {
  128: '€',
  130: '‚',
  131: 'ƒ',
  132: '„',
  133: '…',
  134: '†',
  135: '‡',
  136: 'ˆ',
  137: '‰',
  138: 'Š',
  139: '‹',
  140: 'Œ',
  142: 'Ž',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
  152: '˜',
  153: '™',
  154: 'š',
  155: '›',
  156: 'œ',
  158: 'ž',
  159: 'Ÿ',
};

const decodeHex = (hex: string) =>
  (hex.match(/../g) ?? [])
    .map((h) => {
      const b = Number.parseInt(h, 16);
      return WIN_ANSI[b] ?? String.fromCharCode(b);
    })
    .join('');

/**
 * The text a PDF made by pdfkit with the standard fonts shows, one string per text-showing operator
 * (`[<hex> kern <hex>] TJ`), page streams inflated when compressed. Enough for tests, not a PDF parser.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  // A stream is read by the /Length its dictionary gives (pdfkit writes it first), never up to the next
  // `endstream`: compressed bytes may end with a carriage return, which such a delimiter would take.
  const streams = /<<\s*\/Length (\d+)((?:(?!>>)[\s\S])*)>>\s*stream\r?\n/g;
  for (const m of raw.matchAll(streams)) {
    const start = m.index + m[0].length;
    let body = Buffer.from(raw.slice(start, start + Number(m[1])), 'latin1');
    if (/\/FlateDecode/.test(m[2]!)) {
      try {
        body = inflateSync(body);
      } catch {
        continue;
      }
    }
    for (const tj of body.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      runs.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1]!)).join(''));
    }
  }
  return runs;
}

/** All the text of the PDF, its runs joined by newlines. */
export const pdfText = (pdf: Buffer) => pdfTextRuns(pdf).join('\n');

/** How many pages the PDF has. */
export const pdfPageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
