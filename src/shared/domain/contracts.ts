/**
 * The shared contract's pure rules (spec 2 §3, §4, §5): the text's limit and sanitising, the default
 * template, the card's status and who may do what, used by the server and the web alike.
 */

/** Spec 2 §9. */
export const CONTRACT_TEXT_MAX = 50_000;

export type ContractRole = 'dominant' | 'submissive';
export type EditRequestStatus = 'none' | 'pending' | 'approved';

/** C0 controls but tab and newline, DEL, C1 controls, and the invisible direction and isolate marks. */
const isStrippedControl = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a) ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0x200e ||
  code === 0x200f ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);

/** A control character that no text file holds (tab, line breaks and form feed aside). */
const isBinaryControl = (code: number) =>
  (code < 0x20 && (code < 0x09 || code > 0x0d)) || code === 0x7f || code === 0xfffd;

/** A UTF-16 unit of a surrogate pair left without its other half. */
const isLoneSurrogate = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = s.charCodeAt(i + 1);
    return !(next >= 0xdc00 && next <= 0xdfff);
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const prev = s.charCodeAt(i - 1);
    return !(prev >= 0xd800 && prev <= 0xdbff);
  }
  return false;
};

/** A character that may follow `<` (or `</`) to open a markup tag or a comment: `<b`, `</p`, `<!--`, `<?xml`. */
const opensTag = (ch: string | undefined) =>
  ch !== undefined && (ch === '!' || ch === '?' || (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z'));

/** Counts a sanitiser's steps (characters read, scanned or taken back), for the linear-time test. */
export interface SanitizeMeter {
  steps: number;
}

/**
 * The text as it is stored: line breaks as "\n", no markup tags or comments, no control characters but tab
 * and newline, no lone surrogates. `**bold**` markers are plain text and stay. The allow-list of tags is
 * empty: every `<name …>`, `</name>`, `<!…>`, `<?…>` and `<!-- … -->` goes, a `<` that opens no tag stays.
 *
 * One pass, linear in the text (decision 038): characters are kept in an output buffer with the
 * positions of its `<`s that no `>` followed yet; a `>` that closes a tag takes the buffer back to its
 * `<`, so a tag split by another (`<scr<b>ipt>`) goes as it reassembles, each character being written
 * and taken back at most once. `meter` counts the steps.
 */
export function sanitizeContractText(text: string, meter?: SanitizeMeter): string {
  // 1. Line breaks, controls and lone surrogates, so that none of them can hide a tag from step 2.
  let filtered = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0d) {
      filtered += '\n';
      if (text.charCodeAt(i + 1) === 0x0a) i++;
    } else if (!isStrippedControl(code) && !isLoneSurrogate(text, i)) filtered += text[i];
  }
  let steps = text.length;

  // 2. Tags and comments.
  const out: string[] = [];
  /** Positions in `out` of the `<`s no `>` followed: the last is the only one a `>` can close. */
  const opens: number[] = [];
  /** Position in `out` of the first `<!--` no `-->` followed, or -1. */
  let comment = -1;
  /** No `-->` at or after this position of `filtered` (a search that failed is not repeated). */
  let noCloseFrom = Number.POSITIVE_INFINITY;
  const truncate = (length: number) => {
    steps += out.length - length;
    out.length = length;
    while (opens.length > 0 && opens[opens.length - 1]! >= length) opens.pop();
    if (comment !== -1 && comment + 4 > length) comment = -1;
  };
  for (let i = 0; i < filtered.length; i++) {
    steps++;
    const ch = filtered[i]!;
    if (ch === '<') {
      // A comment as written goes whole, `>`s and all, when it is closed.
      if (filtered.startsWith('<!--', i) && i + 4 < noCloseFrom) {
        const end = filtered.indexOf('-->', i + 4);
        steps += (end === -1 ? filtered.length : end) - i;
        if (end !== -1) {
          i = end + 2;
          continue;
        }
        noCloseFrom = i + 4;
      }
      opens.push(out.length);
      out.push(ch);
    } else if (ch === '>') {
      const n = out.length;
      if (comment !== -1 && n - 2 >= comment + 4 && out[n - 1] === '-' && out[n - 2] === '-') {
        truncate(comment);
        continue;
      }
      const at = opens.length > 0 ? opens[opens.length - 1]! : -1;
      const first = out[at + 1];
      if (at !== -1 && (opensTag(first) || (first === '/' && opensTag(out[at + 2])))) {
        truncate(at);
        continue;
      }
      // Every `<` kept now has a `>` after it: none of them can open a tag any more.
      opens.length = 0;
      out.push(ch);
    } else {
      out.push(ch);
      const n = out.length;
      if (
        ch === '-' &&
        comment === -1 &&
        n >= 4 &&
        out[n - 2] === '-' &&
        out[n - 3] === '!' &&
        out[n - 4] === '<'
      )
        comment = n - 4;
    }
  }
  if (meter) meter.steps += steps;
  return out.join('');
}

/** True when a file's text looks binary: a NUL, another control character, or undecodable bytes. */
export function looksBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (isBinaryControl(text.charCodeAt(i)) || isLoneSurrogate(text, i)) return true;
  }
  return false;
}

/** Pact's own wording of the default template (spec 2 §3: its sections; the original wording is not shown). */
export const DEFAULT_CONTRACT_TEMPLATE = `**Relationship Agreement**

**1. Purpose**
This agreement describes the dynamic we choose to share as consenting adults: what each of us offers, expects and needs. It exists to keep us safe, honest and close.

**2. Term**
This agreement takes effect when both of us have signed it and lasts until either of us ends it or we replace it with a new version. We will review it together at least every three months.

**3. Safewords**
- Red: immediate stop. Everything ends at once and we check on each other.
- Yellow: slow down or check in. We pause, talk, and adjust before going on.
- Green: all good. Carry on.
A safeword is always honoured, without question and without penalty.

**4. Limits**
Hard limits (never, under any circumstances):
- (to be agreed)
Soft limits (only after talking it through, and with care):
- (to be agreed)

**5. Rules and Protocols**
The rules, rituals and forms of address we agree on:
- (to be agreed)

**6. Health and Safety**
We share anything that affects our physical or emotional health. Aftercare is part of every scene. Either of us may pause the dynamic at any time to look after ourselves.

**7. Confidentiality**
What we share stays between us. Neither of us shares photos, messages or details of this relationship without the other's clear consent.

**8. Termination**
Either of us may end this agreement at any time by telling the other. Ending it is never a breach of trust.

**9. Modifications**
Changes are made together. Any change to this text removes both signatures, and the new text takes effect when both of us have signed it again.

We enter into this agreement freely, with respect and care for each other.
`;

/** One line of the text as runs of plain and bold text (`**…**`; an unclosed marker stays as typed). */
export function boldRuns(line: string): { text: string; bold: boolean }[] {
  const runs: { text: string; bold: boolean }[] = [];
  let at = 0;
  for (const m of line.matchAll(/\*\*(.+?)\*\*/g)) {
    if (m.index > at) runs.push({ text: line.slice(at, m.index), bold: false });
    runs.push({ text: m[1]!, bold: true });
    at = m.index + m[0].length;
  }
  if (at < line.length) runs.push({ text: line.slice(at), bold: false });
  return runs;
}

/** Spec 2 §2 and §9: the dashboard card's preview length by viewport width (<640, <1024, else). */
export const contractPreviewLength = (width: number) => (width < 640 ? 100 : width < 1024 ? 150 : 200);

/** The card's preview: bold markers and line breaks removed, spaces collapsed, cut to `max` with an ellipsis. */
export function contractPreview(text: string, max: number): string {
  const flat = text.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max).trimEnd()}…`;
}

export type ContractStatus = 'awaiting' | 'partial' | 'signed';

/** Spec 2 §4: the card's badge, from the number of signatures. */
export const contractStatus = (c: { isDominantSigned: boolean; isSubmissiveSigned: boolean }) => {
  const n = Number(c.isDominantSigned) + Number(c.isSubmissiveSigned);
  return n === 2 ? 'signed' : n === 1 ? 'partial' : 'awaiting';
};

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  awaiting: 'Awaiting Signatures',
  partial: 'Partially Signed (1/2)',
  signed: 'Fully Signed',
};

export interface ContractState {
  isDominantSigned: boolean;
  isSubmissiveSigned: boolean;
  editRequestStatus: EditRequestStatus;
  editRequestedBy: ContractRole | null;
}

export interface ContractAbilities {
  /** The role this session signs and asks as in this pair; null when it is neither side of it. */
  role: ContractRole | null;
  sign: boolean;
  edit: boolean;
  requestEdit: boolean;
  /** Approve or deny the partner's pending request. */
  reviewEdit: boolean;
}

/**
 * Spec 2 §4 and §6: who may do what on the contract now. `role` is the side of the pair the session's
 * acting role stands on (the server works it out from the pair; the web reads it from the view).
 */
export function contractAbilities(c: ContractState, role: ContractRole | null): ContractAbilities {
  const fully = c.isDominantSigned && c.isSubmissiveSigned;
  if (!role) return { role, sign: false, edit: false, requestEdit: false, reviewEdit: false };
  const signed = role === 'dominant' ? c.isDominantSigned : c.isSubmissiveSigned;
  return {
    role,
    sign: !signed,
    edit: !fully || c.editRequestStatus === 'approved',
    requestEdit: fully && c.editRequestStatus === 'none',
    reviewEdit: c.editRequestStatus === 'pending' && c.editRequestedBy !== role,
  };
}
