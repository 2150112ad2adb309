import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boldRuns,
  CONTRACT_STATUS_LABELS,
  contractAbilities,
  contractPreview,
  contractPreviewLength,
  contractStatus,
  looksBinary,
  type SanitizeMeter,
  sanitizeContractText,
} from './contracts';

const TAG = /<\/?[A-Za-z!?][^<>]*>/;
const COMMENT = /<!--[\s\S]*?-->/;
/** Texts made of the characters that build tags, so that tags split by tags, comments and controls are common. */
const markup = (maxLength: number) =>
  fc
    .array(
      fc.constantFrom(
        '<',
        '>',
        '/',
        '!',
        '?',
        '-',
        '--',
        '<!--',
        '-->',
        'b',
        'scr',
        'ipt',
        ' ',
        '=',
        '"',
        '\r',
        '\n',
        '\u0000',
        '\u202e',
        '\uD800',
        '\uDC00',
        '**',
        'é',
        '😀',
      ),
      { maxLength },
    )
    .map((parts) => parts.join(''));

describe('sanitizeContractText', () => {
  it('keeps bold markers, tabs and line breaks; drops tags and controls', () => {
    expect(sanitizeContractText('**Bold**\r\n\tline\rnext')).toBe('**Bold**\n\tline\nnext');
    expect(sanitizeContractText('<script>alert(1)</script> a < b <!-- c -->')).toBe('alert(1) a < b ');
    expect(sanitizeContractText('<scr<b>ipt>x')).toBe('x');
    expect(sanitizeContractText('a\u0000\u0007\u001b[31m\u007f\u0085\u202eb\u2066c')).toBe('a[31mbc');
    expect(sanitizeContractText('lone \uD800 half \uDFFF, pair 😀')).toBe('lone  half , pair 😀');
  });

  it('leaves no tag, control character or lone surrogate in any text, and is stable', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        const out = sanitizeContractText(s);
        expect(out).not.toMatch(/<\/?[A-Za-z!?][^<>]*>/);
        expect(looksBinary(out.replace(/[\r\f\v]/g, ''))).toBe(false);
        expect(sanitizeContractText(out)).toBe(out);
      }),
    );
  });

  it('leaves no tag or comment in text built of markup, however split, and is stable', () => {
    fc.assert(
      fc.property(markup(60), (s) => {
        const out = sanitizeContractText(s);
        expect(out).not.toMatch(TAG);
        expect(out).not.toMatch(COMMENT);
        for (const control of ['\r', '\u0000', '\u202e']) expect(out).not.toContain(control);
        expect(sanitizeContractText(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });

  it('removes tags reassembled from pieces, comments holding > and tags spanning controls', () => {
    expect(sanitizeContractText('<<b>b>x<</b>/b>y')).toBe('xy');
    expect(sanitizeContractText('<scr<!-- c -->ipt>z')).toBe('z');
    expect(sanitizeContractText('a<!-- 1 > 2 -->b')).toBe('ab');
    expect(sanitizeContractText('<!<b>-- < > -->c')).toBe('c');
    expect(sanitizeContractText('<\u0000b>d<\u202e/b>')).toBe('d');
    expect(sanitizeContractText('x < y > z, 1 <> 2, <3 and <!-- open')).toBe(
      'x < y > z, 1 <> 2, <3 and <!-- open',
    );
    expect(sanitizeContractText('<b>**Bold**</b> <i title="t">it</i>')).toBe('**Bold** it');
  });

  it('takes steps in proportion to the text on adversarial inputs (counted, not timed)', () => {
    const n = 12_500;
    const adversarial = [
      '<b>'.repeat(n),
      '<'.repeat(n) + 'b>'.repeat(n),
      '<b'.repeat(n),
      '<!--'.repeat(n),
      `${'<!--<b'.repeat(n)}-->`,
      '<scr'.repeat(n) + 'ipt>'.repeat(n),
      `${'<'.repeat(25_000)}${'>'.repeat(25_000)}`,
      '<a <!-- b -->'.repeat(n / 4),
      '\r\n<\u0000'.repeat(n),
    ];
    for (const text of adversarial) {
      const meter: SanitizeMeter = { steps: 0 };
      sanitizeContractText(text, meter);
      expect(meter.steps, text.slice(0, 12)).toBeLessThanOrEqual(4 * text.length);
    }
    fc.assert(
      fc.property(markup(400), (s) => {
        const meter: SanitizeMeter = { steps: 0 };
        sanitizeContractText(s, meter);
        expect(meter.steps).toBeLessThanOrEqual(4 * s.length);
      }),
    );
  });
});

describe('looksBinary', () => {
  it('tells text files from binary content', () => {
    expect(looksBinary('Plain text\n\twith tabs\r\n')).toBe(false);
    expect(looksBinary('PK\u0003\u0004')).toBe(true);
    expect(looksBinary('a\u0000b')).toBe(true);
    expect(looksBinary('decoded \uFFFD junk')).toBe(true);
  });
});

describe('contract status and abilities (spec 2 §4)', () => {
  const state = (dom: boolean, sub: boolean, status: 'none' | 'pending' | 'approved' = 'none') => ({
    isDominantSigned: dom,
    isSubmissiveSigned: sub,
    editRequestStatus: status,
    editRequestedBy: status === 'none' ? null : ('dominant' as const),
  });

  it('labels the badge by the number of signatures', () => {
    expect(CONTRACT_STATUS_LABELS[contractStatus(state(false, false))]).toBe('Awaiting Signatures');
    expect(CONTRACT_STATUS_LABELS[contractStatus(state(true, false))]).toBe('Partially Signed (1/2)');
    expect(CONTRACT_STATUS_LABELS[contractStatus(state(true, true))]).toBe('Fully Signed');
  });

  it('edits while not fully signed or approved; requests only when fully signed; the partner reviews', () => {
    expect(contractAbilities(state(true, false), 'dominant')).toMatchObject({
      sign: false,
      edit: true,
      requestEdit: false,
    });
    expect(contractAbilities(state(true, true), 'submissive')).toMatchObject({
      edit: false,
      requestEdit: true,
    });
    expect(contractAbilities(state(true, true, 'pending'), 'submissive')).toMatchObject({
      reviewEdit: true,
      requestEdit: false,
    });
    expect(contractAbilities(state(true, true, 'pending'), 'dominant').reviewEdit).toBe(false);
    expect(contractAbilities(state(true, true, 'approved'), 'dominant').edit).toBe(true);
    expect(contractAbilities(state(false, false), null)).toMatchObject({ sign: false, edit: false });
  });
});

describe('boldRuns', () => {
  it('splits a line into plain and bold runs; an unclosed marker stays as typed', () => {
    expect(boldRuns('**1. Purpose** of it')).toEqual([
      { text: '1. Purpose', bold: true },
      { text: ' of it', bold: false },
    ]);
    expect(boldRuns('a **b** c **d**')).toEqual([
      { text: 'a ', bold: false },
      { text: 'b', bold: true },
      { text: ' c ', bold: false },
      { text: 'd', bold: true },
    ]);
    expect(boldRuns('2 ** 3 = 8')).toEqual([{ text: '2 ** 3 = 8', bold: false }]);
    expect(boldRuns('')).toEqual([]);
  });
});

describe('the dashboard preview', () => {
  it('is 100, 150 or 200 characters by width', () => {
    expect([375, 639, 640, 1023, 1024, 1280].map(contractPreviewLength)).toEqual([
      100, 100, 150, 150, 200, 200,
    ]);
  });

  it('drops bold markers and line breaks and cuts to the length', () => {
    expect(contractPreview('**Title**\n\nFirst line\nsecond', 200)).toBe('Title First line second');
    const long = contractPreview('word '.repeat(100), 100);
    expect(long.endsWith('…')).toBe(true);
    expect(long.length).toBeLessThanOrEqual(101);
  });
});
