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
 * Reads the PGlite thread's answers given as the bytes PostgreSQL wrote, on the app's thread, with the same
 * parsers the thread's PGlite has: its defaults, its array types (`arrayTypes`, element and array type ids
 * as it read them at start) and the types Drizzle keeps as text.
 */
export function answerReader(arrayTypes: [number, number][]) {
  const parsers: Record<number, Parser> = { ...(types.parsers as Record<number, Parser>) };
  for (const [element, array] of arrayTypes) {
    parsers[array] = (value) => types.arrayParser(value, parsers[element]!, array);
  }
  const keptAsText = new Set<number>();
  const parser = new protocol.Parser();

  return (bytes: Uint8Array, options: { rowMode: "array" | "object"; rawTypes: number[] }): QueryResult => {
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
  };
}
