// fast-check arbitraries for the fuzz: values shaped by a route's zod schema (through its JSON
// Schema), the same values with one part broken, and plain hostile input.
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

/** Text that has broken real systems: SQL, formulas, markup, paths, control and odd Unicode. */
const HOSTILE_STRINGS = [
  "'; drop table employees; --",
  "' or '1'='1",
  '1; select pg_sleep(5)',
  '$1',
  '\\x00',
  '\u0000',
  '=HYPERLINK("http://evil.example","x")',
  "=cmd|' /C calc'!A0",
  '+SUM(1,2)',
  '-2+3',
  '@SUM(A1)',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%',
  '\uD800',
  '\uFEFF',
  '\u202Eevil',
  'Zażółć gęślą jaźń',
  '👩‍✈️✈️🛫',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9999-99-99',
  '2026-02-30',
  '24:00',
  '23:60',
  '0000-00',
  '2026-13',
  ' ',
  '',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  '{}',
  '[]',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'a'.repeat(10_000),
];

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 8 }).map((s) => s.repeat(5_000)) },
);

/** Any JSON value, with hostile strings and extreme numbers among them. */
export const garbage: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.constantFrom(0, -1, -0, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, Number.MIN_VALUE),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('role', 'id', 'version', 'isAdmin', 'userId')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

function arbFromJsonSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map((s) => arbFromJsonSchema(s, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return arbFromJsonSchema(schema.allOf[0]!, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 200);
        } catch {
          // a pattern fast-check cannot produce: fall through to plain text
        }
      }
      const minLength = Math.min(schema.minLength ?? 0, 50);
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 60)) });
    }
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Math.max(min, 0) + 1000);
      return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1000;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? Math.max(min, 0) + 1000;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = Math.min(schema.minItems ?? 0, 3);
      return fc.array(schema.items ? arbFromJsonSchema(schema.items, depth + 1) : garbage, {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)),
      });
    }
    case 'object': {
      const props = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) model[key] = arbFromJsonSchema(sub, depth + 1);
      const record = fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), arbFromJsonSchema(schema.additionalProperties, depth + 1), {
          maxKeys: 3,
        });
        return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
      }
      return record;
    }
    default:
      return garbage;
  }
}

/** Values shaped by a zod schema (its input side), or plain garbage when it has none. */
export function arbFromZod(schema: unknown): fc.Arbitrary<unknown> {
  if (!schema || !(schema instanceof z.ZodType)) return garbage;
  try {
    const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
    return arbFromJsonSchema(json);
  } catch {
    return garbage;
  }
}

/** Breaks one part of a value: a field replaced by garbage, removed, an unlisted field added, or the whole wrapped. */
export function mutate(value: unknown): fc.Arbitrary<unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const options: fc.Arbitrary<unknown>[] = [
      fc.tuple(fc.constantFrom('role', 'isAdmin', 'id', 'createdBy', 'version', 'source'), garbage).map(([k, g]) => ({ ...value, [k]: g })),
      fc.constant([value]),
    ];
    if (keys.length > 0) {
      options.push(
        fc.tuple(fc.constantFrom(...keys), garbage).map(([k, g]) => ({ ...value, [k]: g })),
        fc.constantFrom(...keys).map((k) => {
          const copy: Record<string, unknown> = { ...value };
          delete copy[k];
          return copy;
        }),
      );
    }
    return fc.oneof(...options);
  }
  return garbage;
}

/** A raw body as text: malformed JSON, prototype pollution, deep nesting, other content types. */
export const rawBody = fc.oneof(
  fc.constantFrom(
    { type: 'application/json', text: '{"__proto__":{"role":"admin"}}' },
    { type: 'application/json', text: '{"constructor":{"prototype":{"isAdmin":true}}}' },
    { type: 'application/json', text: '{"a":' },
    { type: 'application/json', text: '' },
    { type: 'application/json', text: 'null' },
    { type: 'application/json', text: '"just a string"' },
    { type: 'application/json', text: '[1,2,3]' },
    { type: 'application/json', text: '\uFEFF{}' },
    { type: 'application/json', text: '{"month":"2026-11","month":"2026-12"}' },
    { type: 'application/json', text: '['.repeat(20_000) + ']'.repeat(20_000) },
    { type: 'application/json', text: '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000) },
    { type: 'application/json', text: '\xff\xfe{\x00"\x00a\x00"\x00' },
    { type: 'text/plain', text: 'hello' },
    { type: 'application/x-www-form-urlencoded', text: 'role=admin&month=2026-11' },
    { type: 'application/xml', text: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>' },
    { type: 'multipart/form-data; boundary=x', text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--' },
  ),
  fc.string({ maxLength: 200, unit: 'binary' }).map((text) => ({ type: 'application/json', text })),
);
