import { serializerCompiler } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

/**
 * Answers written as JSON straight from the route's Zod schema, with the same check Zod's encoding makes: only
 * the fields the contract names leave, each of its type, enum value or whole number. Zod's encoding builds a
 * checked copy of every answer before `JSON.stringify` writes it, which was a quarter of the order list's
 * time (decision 51); this writes the text as it checks.
 *
 * The schemas the contract's answers use (objects, arrays, strings, numbers, booleans, enums, literals,
 * nullable and optional) are written here. Any other part of a schema, or one with checks of its own, is
 * handed to Zod for that value. Whenever a value does not fit, the whole answer goes to Zod's own serializer,
 * so an answer that does not match its schema fails exactly as it did before.
 */

/** Writes a value as JSON, or undefined for a key an object leaves out. Throws `mismatch` when it does not fit. */
type Write = (value: unknown) => string | undefined;

const mismatch = Symbol("mismatch");
const fail = (): never => {
  throw mismatch;
};

type Def = {
  type: string;
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
  format?: string;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  innerType?: ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
};

const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Zod checks the value (any schema, checks and all), and JSON.stringify writes what it answers. */
const byZod =
  (schema: ZodType): Write =>
  (value) => {
    const result = z.safeEncode(schema, value);
    return result.success ? JSON.stringify(result.data) : fail();
  };

/** A number schema's formats (`safeint` for a whole number); any other check shows as one without a format. */
const numberFormats = (def: Def) =>
  def.format ? [def.format] : (def.checks ?? []).map((c) => c._zod.def.format);

/** A whole number in Zod's sense: `z.int()` or `.int()` on a number, and no other check. */
function numberWrite(def: Def): Write | null {
  const formats = numberFormats(def);
  if (formats.length === 0) return (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : fail());
  if (formats.every((f) => f === "safeint")) {
    return (v) => (Number.isSafeInteger(v) ? String(v) : fail());
  }
  return null;
}

function objectWrite(shape: Record<string, ZodType>): Write {
  const fields = Object.entries(shape).map(([key, schema]) => ({
    key,
    first: `${JSON.stringify(key)}:`,
    next: `,${JSON.stringify(key)}:`,
    write: compile(schema),
  }));
  return (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return fail();
    const record = v as Record<string, unknown>;
    let out = "";
    for (const field of fields) {
      const text = field.write(record[field.key]);
      if (text !== undefined) out += (out === "" ? field.first : field.next) + text;
    }
    return `{${out}}`;
  };
}

function arrayWrite(element: ZodType): Write {
  const write = compile(element);
  return (v) => {
    if (!Array.isArray(v)) return fail();
    let out = "";
    for (let i = 0; i < v.length; i++) out += (i === 0 ? "" : ",") + (write(v[i]) ?? "null");
    return `[${out}]`;
  };
}

function compile(schema: ZodType): Write {
  const def = defOf(schema);
  const plain = !def.checks?.length && !def.format;
  switch (def.type) {
    case "string":
      if (plain) return (v) => (typeof v === "string" ? JSON.stringify(v) : fail());
      break;
    case "number":
      return numberWrite(def) ?? byZod(schema);
    case "boolean":
      return (v) => (v === true ? "true" : v === false ? "false" : fail());
    case "enum":
    case "literal": {
      // Each allowed value's text, written once.
      const values = def.type === "enum" ? Object.values(def.entries!) : def.values!;
      // A value JSON writes as it is; any other (a bigint, undefined) is Zod's to encode.
      if (!values.every((value) => ["string", "number", "boolean"].includes(typeof value))) break;
      const texts = new Map(values.map((value) => [value, JSON.stringify(value)]));
      return (v) => texts.get(v) ?? fail();
    }
    case "nullable": {
      const inner = compile(def.innerType!);
      return (v) => (v === null ? "null" : inner(v));
    }
    case "optional": {
      const inner = compile(def.innerType!);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case "object":
      if (!def.catchall) return objectWrite(def.shape!);
      break;
    case "array":
      if (plain) return arrayWrite(def.element!);
      break;
  }
  return byZod(schema);
}

/**
 * Whether `JSON.stringify` writes a value as the schema's writer would: each value of the type its schema
 * says, and each object holding only keys its schema names. Rows as read fit, so most answers are checked
 * without building anything and then written by JSON.stringify in one pass, whose only garbage is the text;
 * the writer's chains of partial strings were a third of what a page of 51 orders allocated (decision 74).
 * The keys come in the value's own order. Null when part of the schema is Zod's to encode.
 */
type Fits = (value: unknown) => boolean;

function fitsOf(schema: ZodType): Fits | null {
  const def = defOf(schema);
  const plain = !def.checks?.length && !def.format;
  switch (def.type) {
    case "string":
      return plain ? (v) => typeof v === "string" : null;
    case "number": {
      const formats = numberFormats(def);
      if (formats.length === 0) return (v) => typeof v === "number" && Number.isFinite(v);
      return formats.every((f) => f === "safeint") ? Number.isSafeInteger : null;
    }
    case "boolean":
      return (v) => typeof v === "boolean";
    case "enum":
    case "literal": {
      const values = def.type === "enum" ? Object.values(def.entries!) : def.values!;
      if (!values.every((value) => ["string", "number", "boolean"].includes(typeof value))) return null;
      const allowed = new Set(values);
      return (v) => allowed.has(v);
    }
    case "nullable": {
      const inner = fitsOf(def.innerType!);
      return inner && ((v) => v === null || inner(v));
    }
    case "optional": {
      const inner = fitsOf(def.innerType!);
      return inner && ((v) => v === undefined || inner(v));
    }
    case "object":
      return def.catchall ? null : objectFits(def.shape!);
    case "array": {
      const inner = plain ? fitsOf(def.element!) : null;
      return (
        inner &&
        ((v) => {
          if (!Array.isArray(v)) return false;
          for (let i = 0; i < v.length; i++) if (!inner(v[i])) return false;
          return true;
        })
      );
    }
  }
  return null;
}

function objectFits(shape: Record<string, ZodType>): Fits | null {
  const fields = Object.entries(shape).map(([key, schema]) => ({ key, fits: fitsOf(schema) }));
  if (fields.some((field) => !field.fits)) return null;
  return (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
    const prototype = Object.getPrototypeOf(v);
    if (prototype !== Object.prototype && prototype !== null) return false;
    const record = v as Record<string, unknown>;
    let named = 0;
    for (const field of fields) {
      const value = record[field.key];
      if (!field.fits!(value)) return false;
      if (value !== undefined) named++;
    }
    // A key the schema does not name (or one left undefined, which the writer leaves out): the writer's.
    let keys = 0;
    for (const _ in record) keys++;
    return keys === named;
  };
}

/**
 * Fastify's serializer for a route's answer: the written JSON, or Zod's own serializer whenever the answer
 * does not fit (which answers as it always has, or throws its ResponseSerializationError).
 */
export const responseSerializer: typeof serializerCompiler = (route) => {
  const zod = serializerCompiler(route);
  // The route's schema as fastify-type-provider-zod takes it: the schema, or under `properties`.
  const given = route.schema as { properties?: unknown };
  const schema = given instanceof z.ZodType ? given : given?.properties;
  if (!(schema instanceof z.ZodType)) return zod;
  // Written at the route's first answer, not at start: most routes of a restarted server answer late or never.
  let write: Write | undefined;
  let fits: Fits | undefined;
  return (data) => {
    fits ??= fitsOf(schema) ?? (() => false);
    if (fits(data)) {
      const text = JSON.stringify(data);
      if (text !== undefined) return text;
    }
    try {
      write ??= compile(schema);
      const text = write(data);
      if (text !== undefined) return text;
    } catch (error) {
      if (error !== mismatch) throw error;
    }
    return zod(data);
  };
};
