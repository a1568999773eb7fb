import fc from "fast-check";

/** The subset of JSON Schema (2020-12, as Zod writes it) that the API's route schemas use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Values that have broken web APIs before: control and invisible characters, edges of number types, bad dates. */
export const hostileValues: unknown[] = [
  "\u0000",
  "Holstein\u0000Friesian",
  "\u0007bell\u001b[31m",
  "\u202Eevil\u202C",
  "\u200Bzero\u200Dwidth\uFEFF",
  "🐄🧬 emoji",
  "x".repeat(5000),
  "'; drop table orders; --",
  "<script>alert(1)</script>",
  '=HYPERLINK("http://x")',
  "2026-02-30",
  "0000-01-01",
  "+275760-09-13",
  "-271821-04-20",
  "2026-13-01",
  "",
  " ",
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  -(2 ** 31) - 1,
  -1,
  0,
  1.5,
  19.99,
  1e12,
  3e9,
  1e308,
  -0,
  null,
  true,
  [],
  {},
  [1, 2, 3],
];

const maybeInt = (v: number | undefined, fallback: number) =>
  v === undefined || !Number.isFinite(v) ? fallback : v;

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 60, 60));
  if (s.format === "date") {
    return fc
      .date({ min: new Date("2020-01-01"), max: new Date("2032-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (s.format === "date-time") {
    return fc
      .date({ min: new Date("2020-01-01"), max: new Date("2032-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (s.format === "email") return fc.emailAddress().filter((e) => e.length <= (s.maxLength ?? 254));
  if (s.pattern) {
    return fc
      .stringMatching(new RegExp(s.pattern))
      .filter((v) => v.length >= min && v.length <= (s.maxLength ?? Number.POSITIVE_INFINITY));
  }
  // Full Unicode (control characters included) as well as plain text: both are "a string" to the schema.
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ minLength: min, maxLength: max, unit: "binary" }),
    fc
      .constantFrom("Holstein Friesian", "SEM-HF-101", "Nakuru", "+254 712 345 678")
      .filter((v) => v.length >= min && v.length <= (s.maxLength ?? 1000)),
  );
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  let min = maybeInt(s.minimum, -1e6);
  let max = maybeInt(s.maximum, 1e9);
  if (s.exclusiveMinimum !== undefined) min = s.exclusiveMinimum + (integer ? 1 : Number.EPSILON);
  if (s.exclusiveMaximum !== undefined) max = s.exclusiveMaximum - (integer ? 1 : Number.EPSILON);
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  if (!integer) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // Mostly small numbers (real ids, quantities, amounts), sometimes the edges the schema allows.
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: Math.max(min, -5), max: Math.max(Math.min(max, 60), min) }) },
    { weight: 2, arbitrary: fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

/** Values the schema accepts. */
export function validArbitrary(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(validArbitrary));
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => validArbitrary({ ...s, type })));
  switch (s.type) {
    case "string":
      return stringArbitrary(s);
    case "integer":
      return numberArbitrary(s, true);
    case "number":
      return numberArbitrary(s, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(validArbitrary(s.items ?? {}), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)),
      });
    case "object": {
      const properties = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, validArbitrary(v)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

/**
 * Valid values and, about half the time, one hostile change: a property swapped for a hostile value,
 * a required property dropped, or the whole value replaced.
 */
export function fuzzArbitrary(s: JsonSchema): fc.Arbitrary<unknown> {
  const valid = validArbitrary(s);
  const hostile = fc.constantFrom(...hostileValues);
  const properties = Object.keys(s.properties ?? {});
  const mutations: fc.Arbitrary<unknown>[] = [hostile];
  if (properties.length > 0) {
    mutations.push(
      fc
        .tuple(valid, fc.constantFrom(...properties), hostile)
        .map(([v, key, bad]) => ({ ...(v as object), [key]: bad })),
      fc.tuple(valid, fc.constantFrom(...properties)).map(([v, key]) => {
        const copy = { ...(v as Record<string, unknown>) };
        delete copy[key];
        return copy;
      }),
    );
  }
  return fc.oneof({ weight: 1, arbitrary: valid }, { weight: 1, arbitrary: fc.oneof(...mutations) });
}
