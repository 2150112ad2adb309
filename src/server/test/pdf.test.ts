import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf';

/** A page stream as pdfkit writes it: its length, its filter, then the bytes between stream and endstream. */
const stream = (body: Buffer, filter = '\n/Filter /FlateDecode') =>
  Buffer.concat([
    Buffer.from(
      `4 0 obj\n<<\n/Font <<\n/F1 8 0 R\n>>\n>>\nendobj\n5 0 obj\n<<\n/Length ${body.length}${filter}\n>>\nstream\n`,
      'latin1',
    ),
    body,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);

const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');

describe('the text of a PDF, for tests', () => {
  it('reads a compressed page whose bytes happen to end with a carriage return', () => {
    // The page's checksum is its last bytes: one in 256 pages ends with \r, which a delimiter of
    // `\r?\nendstream` would take, leaving a stream that cannot be inflated (the signers' page went missing).
    // The checksum's last byte moves with the sum of the page's bytes: a comment at its end, one character
    // and some spaces, tried in turn, finds such a page.
    const text = 'Signed by Avery Dom';
    let page: { text: string; body: Buffer } | undefined;
    for (let i = 0; !page && i < 95 * 16; i++) {
      const comment = `%${String.fromCharCode(0x20 + (i % 95))}${' '.repeat(Math.floor(i / 95))}`;
      const body = deflateSync(Buffer.from(`BT [<${hex(text)}>] TJ ET\n${comment}`, 'latin1'));
      if (body.at(-1) === 0x0d) page = { text, body };
    }
    expect(page).toBeDefined();
    expect(pdfText(stream(page!.body))).toBe(page!.text);
  });

  it('reads an uncompressed page', () => {
    expect(pdfText(stream(Buffer.from(`BT [<${hex('Role: Dominant')}> 10 <${hex('!')}>] TJ ET`), ''))).toBe(
      'Role: Dominant!',
    );
  });
});
