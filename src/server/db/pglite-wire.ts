import { type messages, parse, protocol, types } from "@electric-sql/pglite";

type Parser = (value: string, typeId?: number) => unknown;

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** PostgreSQL's fields of a refusal, which the app's error mapping reads (code, constraint, detail…). */
export const REFUSAL_FIELDS = [
  "name",
  "severity",
  "code",
  "detail",
  "hint",
  "position",
  "where",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
] as const;

function refusalFields(error: messages.DatabaseError): Record<string, string | number> {
  const fields: Record<string, string | number> = {};
  const source = error as unknown as Record<string, unknown>;
  for (const key of REFUSAL_FIELDS) {
    const value = source[key];
    if (typeof value === "string" || typeof value === "number") fields[key] = value;
  }
  return fields;
}

/**
 * The app's side of the PGlite thread's wire, with the same type handling as the thread's PGlite: its
 * defaults, its array types (`arrayTypes`, element and array type ids as it read them at start) and the types
 * Drizzle keeps as text. A prepared statement's Bind is written here, and every raw answer read here, so the
 * database's thread does neither.
 */
export function pgliteWire(arrayTypes: [number, number][]) {
  const parsers: Record<number, Parser> = { ...(types.parsers as Record<number, Parser>) };
  const serializers: Record<number, types.Serializer> = { ...types.serializers };
  for (const [element, array] of arrayTypes) {
    parsers[array] = (value) => types.arrayParser(value, parsers[element]!, array);
    serializers[array] = (value) => types.arraySerializer(value, serializers[element], array);
  }
  const keptAsText = new Set<number>();
  const parser = new protocol.Parser();
  const { serialize } = protocol;
  const thenRun = [serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()];

  return {
    /** Bind, Describe, Execute and Sync for a statement prepared as `name` with these parameter types. */
    bind(name: string, params: unknown[], parameterTypes: number[]): Uint8Array {
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = serializers[parameterTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      return joined([serialize.bind({ statement: name, values }), ...thenRun]);
    },

    /** The rows of an answer given as the bytes PostgreSQL wrote; a refusal throws with its fields. */
    read(bytes: Uint8Array, options: { rowMode: "array" | "object"; rawTypes: number[] }): QueryResult {
      for (const type of options.rawTypes) {
        if (keptAsText.has(type)) continue;
        keptAsText.add(type);
        parsers[type] = (value) => value;
      }
      const answer: messages.BackendMessage[] = [];
      parser.parse(bytes, (message) => answer.push(message));
      const refusal = answer.find((m): m is messages.DatabaseError => m.name === "error");
      if (refusal) throw Object.assign(new Error(refusal.message), refusalFields(refusal));
      const [result] = parse.parseResults(answer, parsers, { rowMode: options.rowMode });
      return { rows: result!.rows, fields: result!.fields, affectedRows: result!.affectedRows };
    },
  };
}

function joined(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
