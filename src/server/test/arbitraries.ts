import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of the API document (the
 * 2020-12 subset zod writes: type, enum, const, anyOf/oneOf, properties,
 * required, additionalProperties, propertyNames, items, string lengths and
 * patterns, number bounds, formats). `valid` makes values the schema accepts;
 * `invalid` makes values it refuses, one fault at a time (a wrong type, a
 * bound crossed, a pattern missed, a required key dropped, an unknown key
 * added), anywhere in the value. The fuzz suite (openapi/fuzz.test.ts) sends
 * both; the route's own zod schema, not these, decides which must be refused.
 */

export type Schema = Record<string, unknown> & {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  $ref?: string;
};

/** Text no field may store: control characters and unpaired surrogates (see shared/field-rules.ts). */
export const POISON = ['a\u0000b', '\u0007', 'x\ud800y', '\udfff', 'tab\u001b[31m', '\u007f'];

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const realDay = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** Long text is cut to this in valid values (the bounds themselves are tried too): the suite sends thousands. */
const LONGEST = 64;

const typesOf = (s: Schema): string[] => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);

/** A JSON value of any kind, a few levels deep. */
const anyJson = () => fc.jsonValue({ maxDepth: 2 });

function validString(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  if (s.pattern) {
    const matching = fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= max);
    // A calendar date's pattern: most strings it matches are no real day, so real days are made too.
    return s.pattern === DATE_PATTERN ? fc.oneof(matching, realDay) : matching;
  }
  if (s.format === 'uri' || s.format === 'url') return fc.webUrl();
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'date') return realDay;
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const short = Math.min(max, Math.max(min, LONGEST));
  return fc.oneof(
    { weight: 8, arbitrary: fc.string({ minLength: min, maxLength: short, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: short, unit: 'binary' }) },
    // The bounds: the shortest and the longest the schema allows.
    { weight: 1, arbitrary: fc.constantFrom('a'.repeat(Math.max(min, 1)).slice(0, max), 'b'.repeat(max)) },
  );
}

function validNumber(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-9) : undefined);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-9) : undefined);
  if (integer) {
    const min = Math.max(lo ?? -1_000_000, Number.MIN_SAFE_INTEGER);
    const max = Math.min(hi ?? 1_000_000, Number.MAX_SAFE_INTEGER);
    return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
  }
  return fc.double({ min: lo ?? -1e6, max: hi ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

/** Values `schema` accepts. */
export function valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = schema;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const choices = s.anyOf ?? s.oneOf;
  if (choices) return fc.oneof(...choices.map((c) => valid(c, depth)));
  if (s.allOf?.length === 1) return valid(s.allOf[0]!, depth);
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((type) => valid({ ...s, type }, depth)));
  switch (types[0]) {
    case 'string':
      return validString(s);
    case 'integer':
      return validNumber(s, true);
    case 'number':
      return validNumber(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? valid(s.items, depth + 1) : anyJson(), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, Math.max(s.minItems ?? 0, 4)),
      });
    case 'object':
      return validObject(s, depth);
    default:
      return anyJson();
  }
}

function validObject(s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  if (Object.keys(props).length) {
    const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valid(v, depth + 1)]));
    return fc.record(model, { requiredKeys: s.required ?? [] });
  }
  if (typeof s.additionalProperties === 'object') {
    return fc.dictionary(
      s.propertyNames ? (valid(s.propertyNames) as fc.Arbitrary<string>) : fc.string({ maxLength: 12 }),
      valid(s.additionalProperties, depth + 1),
      { maxKeys: 3 },
    );
  }
  return s.additionalProperties === false
    ? fc.constant({})
    : fc.dictionary(fc.string({ maxLength: 8 }), anyJson(), { maxKeys: 3 });
}

/**
 * Objects near the document's example for `schema`: each property the example's value, or a value made from its
 * schema (an optional one sometimes left out). The example passes the route's own checks, so these reach the
 * route's work far more often than values made from the schema alone, whose rules (a real date, two different
 * names, an http address) the schema cannot state.
 */
export function nearExample(schema: Schema, example: Record<string, unknown>): fc.Arbitrary<unknown> {
  const props = schema.properties ?? {};
  const keys = [...new Set([...Object.keys(props), ...Object.keys(example)])];
  const required = new Set(schema.required ?? []);
  return fc
    .tuple(
      ...keys.map((k) =>
        fc.oneof(
          { weight: 6, arbitrary: fc.constant(example[k]) },
          { weight: 2, arbitrary: props[k] ? valid(props[k]) : fc.constant(example[k]) },
          { weight: required.has(k) ? 0 : 1, arbitrary: fc.constant(undefined) },
        ),
      ),
    )
    .map((values: unknown[]) =>
      Object.fromEntries(keys.map((k, i): [string, unknown] => [k, values[i]]).filter(([, v]) => v !== undefined)),
    );
}

/** Values of other kinds than the schema's, and values past its bounds. */
function wrongFor(s: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(s);
  const faults: fc.Arbitrary<unknown>[] = [];
  const otherKinds: unknown[] = [12345, -0, 1.5, true, null, 'x', '', [], {}, [1, 'a'], { a: { b: [] } }];
  faults.push(
    fc.constantFrom(
      ...otherKinds.filter((v) => {
        const kind = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v;
        const integer = typeof v === 'number' && Number.isInteger(v);
        return !(types.includes(kind) || (integer && types.includes('integer')) || (s.enum ?? []).includes(v));
      }),
    ),
  );
  if (s.enum || s.const !== undefined) faults.push(fc.constantFrom('not-one-of-them', 'NULL', 0));
  if (types.includes('string')) {
    if (s.maxLength !== undefined) faults.push(fc.constant('z'.repeat(s.maxLength + 1)));
    if (s.minLength) faults.push(fc.constant(''));
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      faults.push(
        fc
          .constantFrom('0', '-1', '1.5', '1e3', '0x1F', ' 7', '9'.repeat(40), 'abc', '2024-02-30')
          .filter((v) => !re.test(v)),
      );
    }
  }
  if (types.includes('integer') || types.includes('number')) {
    if (s.minimum !== undefined) faults.push(fc.constant(s.minimum - 1));
    if (s.maximum !== undefined) faults.push(fc.constant(s.maximum + 1));
    if (types.includes('integer')) faults.push(fc.constant(0.5));
  }
  if (types.includes('array') && s.maxItems !== undefined && s.items) {
    faults.push(fc.array(valid(s.items), { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }));
  }
  return fc.oneof(...faults);
}

/** Values `schema` refuses: one fault, at the top or somewhere inside. */
export function invalid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = schema;
  const inside: fc.Arbitrary<unknown>[] = [];
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  if (typesOf(s).includes('object') && keys.length && depth < 3) {
    const base = validObject(s, depth);
    // A property's value made wrong.
    inside.push(
      fc
        .tuple(base, fc.constantFrom(...keys))
        .chain(([obj, key]) => invalid(props[key]!, depth + 1).map((bad) => ({ ...obj, [key]: bad }))),
    );
    if (s.required?.length) {
      inside.push(
        fc.tuple(base, fc.constantFrom(...s.required)).map(([obj, key]) => {
          const copy = { ...obj };
          delete copy[key];
          return copy;
        }),
      );
    }
    if (s.additionalProperties === false) {
      inside.push(base.map((obj) => ({ ...obj, unknown_field: 'x' })));
    }
  }
  if (typesOf(s).includes('array') && s.items && depth < 3) {
    inside.push(
      fc
        .tuple(fc.array(valid(s.items, depth + 1), { maxLength: 2 }), invalid(s.items, depth + 1))
        .map(([items, bad]) => [...items, bad]),
    );
  }
  return inside.length ? fc.oneof(wrongFor(s), ...inside) : wrongFor(s);
}

/** A valid value with one of its strings (anywhere) replaced by text no field may store. */
export function poisoned(schema: Schema): fc.Arbitrary<unknown> {
  return fc.tuple(valid(schema), fc.constantFrom(...POISON), fc.nat()).map(([generated, poison, pick]) => {
    if (typeof generated === 'string') return `${generated}${poison}`;
    // A copy: fast-check may show or shrink the value it made.
    const value = structuredClone(generated);
    const strings: { holder: Record<string, unknown>; key: string }[] = [];
    const walk = (v: unknown) => {
      if (!v || typeof v !== 'object') return;
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === 'string') strings.push({ holder: v as Record<string, unknown>, key: k });
        else walk(x);
      }
    };
    walk(value);
    if (!strings.length) return value;
    const { holder, key } = strings[pick % strings.length]!;
    holder[key] = `${String(holder[key])}${poison}`;
    return value;
  });
}
