/**
 * Just enough of EBML (the container of WebM) to tell whether a recording holds an audio track. Browsers
 * write WebM as a live stream (a segment of unknown size, written in slices), which general-purpose parsers
 * often refuse; the header, the segment and its Tracks come first, and that is all this reads.
 */

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const CLUSTER = 0x1f43b675;
const AUDIO_TRACK = 2;

interface Element {
  id: number;
  /** Where the element's data starts. */
  start: number;
  /** Where it ends (the buffer's end for an element of unknown size). */
  end: number;
}

/** A variable-length integer at `at`: its value (with the length marker removed, or not) and length. */
function vint(
  b: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = b[at + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readElement(b: Buffer, at: number, limit: number): Element | null {
  const id = vint(b, at, true);
  if (!id) return null;
  const size = vint(b, at + id.length, false);
  if (!size) return null;
  const start = at + id.length + size.length;
  const end = size.unknown ? limit : start + size.value;
  if (end > limit || start > limit) return null;
  return { id: id.value, start, end };
}

function* children(b: Buffer, from: number, to: number) {
  let at = from;
  while (at < to) {
    const element = readElement(b, at, to);
    if (!element) return;
    yield element;
    if (element.end <= at) return;
    at = element.end;
  }
}

/** The codec of the first audio track of a WebM/Matroska file (e.g. 'A_OPUS'), or null when it has none. */
export function webmAudioCodec(b: Buffer): string | null {
  const header = readElement(b, 0, b.length);
  if (!header || header.id !== EBML) return null;
  let docType = '';
  for (const e of children(b, header.start, header.end)) {
    if (e.id === DOC_TYPE) docType = b.subarray(e.start, e.end).toString('latin1');
  }
  if (docType !== 'webm' && docType !== 'matroska') return null;
  const segment = readElement(b, header.end, b.length);
  if (!segment || segment.id !== SEGMENT) return null;
  for (const e of children(b, segment.start, segment.end)) {
    if (e.id === CLUSTER) return null;
    if (e.id !== TRACKS) continue;
    for (const entry of children(b, e.start, e.end)) {
      if (entry.id !== TRACK_ENTRY) continue;
      let type = 0;
      let codec = '';
      for (const field of children(b, entry.start, entry.end)) {
        if (field.id === TRACK_TYPE) type = b.readUIntBE(field.start, Math.min(field.end - field.start, 6));
        if (field.id === CODEC_ID) codec = b.subarray(field.start, field.end).toString('latin1');
      }
      if (type === AUDIO_TRACK && codec.startsWith('A_')) return codec;
    }
    return null;
  }
  return null;
}
