/**
 * Sample files for upload tests: a JPEG carrying EXIF and GPS, an EXIF-rotated JPEG, a tiny Ogg Opus
 * file of a stated length, and a PNG whose header claims more pixels than it carries.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A plain JPEG of the given size. */
export function jpeg(width = 40, height = 20) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .toBuffer();
}

/** Strings planted in the EXIF of `jpegWithExifAndGps`: a camera make and a GPS map datum. */
export const EXIF_MARKERS = { make: 'SpyCam-Make', gpsDatum: 'WGS-84-Secret' } as const;

/** A JPEG whose EXIF names a camera and whose GPS IFD places it in Berlin. */
export function jpegWithExifAndGps() {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 10, g: 120, b: 10 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: EXIF_MARKERS.make, Model: 'X1', Copyright: 'Owner Name' },
      IFD3: {
        GPSMapDatum: EXIF_MARKERS.gpsDatum,
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 0/1',
      },
    })
    .toBuffer();
}

/** A 40x20 JPEG whose EXIF says "rotate 90° clockwise" (orientation 6): it displays as 20x40. */
export function rotatedJpeg() {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 10, g: 10, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** The CRC of an Ogg page (polynomial 0x04c11db7, not reflected). */
function oggCrc(bytes: Uint8Array) {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

function oggPage(payload: Buffer, sequence: number, headerType: number, granule: bigint) {
  const segments: number[] = [];
  let rest = payload.length;
  while (rest >= 255) {
    segments.push(255);
    rest -= 255;
  }
  segments.push(rest);
  const header = Buffer.alloc(27 + segments.length);
  header.write('OggS', 0, 'latin1');
  header[5] = headerType;
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(0x50414354, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = segments.length;
  segments.forEach((s, i) => {
    header[27 + i] = s;
  });
  const page = Buffer.concat([header, payload]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/**
 * A tiny but well-formed Ogg Opus file (head, tags, one silent frame) whose last granule position states
 * `seconds` of audio: what a parser reads as the file's own length.
 */
export function oggOpus(seconds: number) {
  const preSkip = 312;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // mono
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(48_000, 12);
  const vendor = 'pact-test';
  const tags = Buffer.alloc(16 + vendor.length);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  tags.write(vendor, 12, 'latin1');
  const frame = Buffer.from([0xf8, 0xff, 0xfe]);
  return Buffer.concat([
    oggPage(head, 0, 0x02, 0n),
    oggPage(tags, 1, 0x00, 0n),
    oggPage(frame, 2, 0x04, BigInt(preSkip + Math.round(seconds * 48_000))),
  ]);
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A decompression bomb in miniature: a few hundred bytes of PNG whose header claims `width` x `height`
 * grey pixels (a few hundred megapixels once decoded).
 */
export function pngClaiming(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG one pixel wide and 40,000,000 tall: about 80 KB on the wire, 40 megapixels to decode. */
export function needlePng() {
  const height = 40_000_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    // Each row: a filter byte and one grey pixel.
    pngChunk('IDAT', deflateSync(Buffer.alloc(height * 2), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
