import fc from 'fast-check';

// Values a hostile client sends where a form would send sane ones.

const NUL = '\u0000';

/** Strings no form would send: hidden direction and width marks, lone surrogates, controls, look-alikes. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  NUL,
  `a${NUL}b`,
  '\u0001\u0008\u001b[31m\u007f',
  '\u202Eevil\u202C',
  'a\u200B\u200C\u200D\uFEFFb',
  '👩‍❤️‍💋‍👨🏳️‍🌈',
  '\uD800',
  'a\uDFFFb',
  'ǅ\u0301\u0301\u0301',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  'null',
  'true',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '../../etc/passwd',
  'x'.repeat(10_000),
  'é'.repeat(4_000),
];

export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
  253402300800000,
];

/** An object whose own keys are prototype names (built through JSON, so they stay own keys). */
export const pollution = (inner: Record<string, unknown> = {}) =>
  JSON.parse(
    `{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}},"prototype":1}`,
    (k, v) => (k === '' ? { ...inner, ...v } : v),
  );

const nested = (depth: number): unknown => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

/** Any JSON value of a wrong kind: the shapes that reach a schema from a hostile client. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom<unknown>(null, true, false, [], {}, [null], ['a', 'b'], { a: 1 }, nested(400)),
  fc.constant(null).map(() => pollution()),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Texts that are not the JSON they claim to be, or are JSON of an awkward kind. */
export const MALFORMED_BODIES = [
  '',
  '{',
  '{"a":}',
  "{'a':1}",
  '[1,2',
  'null',
  '"text"',
  '1e999',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"x":"${'y'.repeat(70 * 1024)}"}`,
];
