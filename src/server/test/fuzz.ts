import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { SCHEMA_TABLES, selectRows, type TableName } from './database';
import { HOSTILE_STRINGS, hostileValue, MALFORMED_BODIES, pollution } from './hostile';

/** The parts of a zod 4 definition the walk reads; anything else is left to the hostile values. */
interface Def {
  type: string;
  format?: string;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string; value?: number; inclusive?: boolean; format?: string } } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The length or value bounds a schema's checks set, as zod 4 records them. */
function bounds(def: Def) {
  let min: number | undefined;
  let max: number | undefined;
  let int = def.format === 'safeint';
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length' || c.check === 'greater_than') min = c.value;
    if (c.check === 'max_length' || c.check === 'less_than') max = c.value;
    if (c.check === 'number_format') int = true;
  }
  return { min, max, int };
}

/** A string near its schema's limits: at the limit, just over it, in characters that take more bytes. */
function stringNear({ min, max }: { min?: number; max?: number }) {
  const lengths = [min ?? 0, max ?? 200, (max ?? 200) + 1].filter((n) => n >= 0);
  return fc
    .tuple(fc.constantFrom(...lengths), fc.constantFrom('x', 'é', '😀', ' '))
    .map(([n, c]) => c.repeat(n));
}

export interface ArbitraryOptions {
  /** Ids that exist (the actors', their partner's, their tasks'): a uuid field picks among them too. */
  ids?: readonly string[];
  /** A body the route accepts: one field at a time is spoiled, so that the rest reaches the handler. */
  sample?: Record<string, unknown>;
}

/** The sample with one field replaced by a hostile value, or with a hostile text inside its own text. */
function spoiled(sample: Record<string, unknown>) {
  const keys = Object.keys(sample);
  const inside = fc.tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.nat()).map(
    ([bad, at]) =>
      (own: unknown) =>
        typeof own === 'string'
          ? own.slice(0, at % (own.length + 1)) + bad + own.slice(at % (own.length + 1))
          : bad,
  );
  const instead = hostileValue.map((bad) => () => bad);
  return fc
    .tuple(fc.constantFrom(...keys), fc.oneof(inside, instead))
    .map(([key, spoil]) => ({ ...sample, [key]: spoil(sample[key]) }));
}

const uuidValue = (ids: readonly string[]) =>
  fc.oneof(
    ...(ids.length > 0
      ? [fc.constantFrom(...ids), fc.constantFrom(...ids).map((id) => id.toUpperCase())]
      : []),
    fc.uuid(),
    fc.uuid().map((id) => `${id.slice(0, 35)}g`),
    fc.uuid().map((id) => `{${id}}`),
    fc.uuid().map((id) => id.replaceAll('-', '')),
  );

/**
 * Values shaped by a zod 4 schema (its input side): mostly valid, often at or over its limits, and
 * sometimes any hostile value in place of a field. Unknown kinds of schema answer a hostile value.
 */
export function arbitraryFrom(schema: z.ZodType, opts: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const walk = (s: z.ZodType): fc.Arbitrary<unknown> => {
    const def = defOf(s);
    const here = shaped(def);
    return fc.oneof({ arbitrary: here, weight: 6 }, { arbitrary: hostileValue, weight: 1 });
  };
  const shaped = (def: Def): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'object': {
        const shape = Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, walk(v)]));
        return fc.record(shape, { requiredKeys: [] });
      }
      case 'string': {
        if (def.format === 'uuid') return uuidValue(opts.ids ?? []);
        const b = bounds(def);
        return fc.oneof(
          fc.string({ minLength: b.min ?? 0, maxLength: Math.min(b.max ?? 40, 40) }),
          stringNear(b),
        );
      }
      case 'number': {
        const b = bounds(def);
        const min = b.min ?? -1e9;
        const max = b.max ?? 1e9;
        const inRange = b.int ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
        const edges = fc.constantFrom(min, max, min - 1, max + 1, (min + max) / 2 + 0.5);
        const number = fc.oneof(inRange, edges);
        return def.coerce ? fc.oneof(number, number.map(String)) : number;
      }
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
      case 'literal':
        return fc.constantFrom(...(def.values ?? [null]));
      case 'array': {
        const b = bounds(def);
        return fc.array(walk(def.element!), { maxLength: Math.min((b.max ?? 8) + 1, 9) });
      }
      case 'optional':
      case 'default':
        return fc.oneof(fc.constant(undefined), walk(def.innerType!));
      case 'nullable':
        return fc.oneof(fc.constant(null), walk(def.innerType!));
      case 'pipe':
        return shaped(defOf(def.in!));
      case 'union':
        return fc.oneof(...(def.options ?? []).map(walk));
      default:
        return hostileValue;
    }
  };
  return shaped(defOf(schema));
}

/** A body as sent: JSON text (or none), under a content type. */
export interface RawBody {
  text?: string;
  contentType?: string;
}

/**
 * JSON bodies for a schema: its own values, the same with extra and prototype keys, hostile values of
 * any kind, malformed texts, and a few wrong content types. A route without a schema gets hostile values.
 */
export function bodyFrom(schema: z.ZodType | undefined, opts: ArbitraryOptions = {}): fc.Arbitrary<RawBody> {
  const value = schema ? arbitraryFrom(schema, opts) : hostileValue;
  const json = (v: unknown): RawBody => ({ text: JSON.stringify(v), contentType: 'application/json' });
  const withExtras = fc
    .tuple(value, fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 }))
    .map(([v, extra]) => (v && typeof v === 'object' ? pollution({ ...extra, ...v }) : v));
  return fc.oneof(
    { arbitrary: value.map(json), weight: 8 },
    ...(opts.sample && Object.keys(opts.sample).length > 0
      ? [{ arbitrary: spoiled(opts.sample).map(json), weight: 8 }]
      : []),
    { arbitrary: withExtras.map(json), weight: 2 },
    { arbitrary: hostileValue.map(json), weight: 2 },
    {
      arbitrary: fc
        .constantFrom(...MALFORMED_BODIES)
        .map((text) => ({ text, contentType: 'application/json' })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          value,
          fc.constantFrom('text/plain', 'application/json; charset=utf-16', 'multipart/form-data', undefined),
        )
        .map(([v, contentType]) => ({ text: JSON.stringify(v) ?? '', contentType })),
      weight: 1,
    },
  );
}

/** A lone surrogate cannot be written as UTF-8: it is sent as U+FFFD, as a browser's form would send it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encodeUrlText = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));

/** Query strings for a schema: its values as text, hostile texts, repeated and missing keys. */
export function queryFrom(schema: z.ZodType, opts: ArbitraryOptions = {}): fc.Arbitrary<string> {
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  return fc
    .tuple(
      arbitraryFrom(schema, opts),
      fc.boolean(),
      fc.constantFrom('', '&durationMs=1&durationMs=x', '&partnerId=%00', '&a=%zz'),
    )
    .map(([v, plain, tail]) => {
      const entries: [string, unknown][] =
        v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : [['value', v]];
      const params = entries
        .filter(([, x]) => x !== undefined)
        .map(
          ([k, x]) =>
            `${encodeUrlText(String(k))}=${plain ? encodeUrlText(text(x)) : text(x).replace(/[#&\s]/g, '')}`,
        );
      return `?${params.join('&')}${tail}`;
    });
}

/** One path segment: an id of the schema, or the texts a hostile client puts in a path. */
export function segmentFrom(schema: z.ZodType, opts: ArbitraryOptions = {}): fc.Arbitrary<string> {
  const ids = arbitraryFrom(schema, opts).map((v) => {
    const first = v && typeof v === 'object' ? Object.values(v)[0] : v;
    return encodeUrlText(typeof first === 'string' ? first : String(first));
  });
  const hostile = fc.constantFrom(
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    '%',
    '%zz',
    '%C0%AE',
    '%F0%9F%98%80',
    'x'.repeat(4_000),
    '00000000-0000-0000-0000-000000000000',
    'null',
    'undefined',
    '-1',
    '1e308',
    '__proto__',
  );
  return fc.oneof({ arbitrary: ids, weight: 3 }, { arbitrary: hostile, weight: 2 });
}

/**
 * A fingerprint of every data table's contents (not only its row count), so that an update by a refused
 * request shows too. Tables named in `skip` (bookkeeping of requests) are left out.
 */
export async function tableFingerprints(db: Db, skip: ReadonlySet<TableName>) {
  const tables = [...SCHEMA_TABLES].filter(([name]) => !skip.has(name));
  const columns = tables.map(
    ([name, table]) =>
      sql`(select coalesce(md5(string_agg(t::text, ',' order by t::text)), '') from ${table} t) as ${sql.identifier(name)}`,
  );
  const [row = {}] = await selectRows<Record<string, string>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  return row;
}
