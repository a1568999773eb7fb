import type { messages, protocol, types } from "@electric-sql/pglite";
import pgUtils from "pg/lib/utils.js";
import { type QueryResult, refusalFields } from "./pglite-messages";

type Parser = (value: string, typeId?: number) => unknown;

/**
 * The app's side of the PGlite thread's wire, with the same type handling as the thread's PGlite: its
 * defaults, its array types (`arrayTypes`, element and array type ids as it read them at start) and the types
 * Drizzle keeps as text. Once the thread has prepared a statement (and said its parameter types, `prepared`),
 * each call's messages are written here, and every raw answer is read here, so the database's thread does
 * neither. A prepared statement's columns never change (its text is fixed, its columns listed), so after its
 * first answer a call skips the Describe that would send them again. PGlite's module is loaded here, when a
 * PGlite database opens, never in a server on PostgreSQL (decision 46).
 */
export async function pgliteWire(arrayTypes: [number, number][]) {
  const { protocol, types } = await import("@electric-sql/pglite");
  // int8 as text, as node-postgres answers it (pglite-worker.ts does the same).
  const parsers: Record<number, Parser> = {
    ...(types.parsers as Record<number, Parser>),
    [types.INT8]: (v) => v,
  };
  const serializers: Record<number, types.Serializer> = { ...types.serializers };
  for (const [element, array] of arrayTypes) {
    parsers[array] = (value) => types.arrayParser(value, parsers[element]!, array);
    serializers[array] = (value) => types.arraySerializer(value, serializers[element], array);
  }
  const keptAsText = new Set<number>();
  const parser = new protocol.Parser();
  const { serialize } = protocol;
  const describeRun = Buffer.concat([
    serialize.describe({ type: "P" }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  const run = Buffer.concat([serialize.execute({}), serialize.sync()]);
  /**
   * Each prepared statement's parameter types, and its columns once an answer has described them (null for
   * none): read for its rows once, and again only when a type's parser has changed since (`parsersChanged`).
   */
  const statements = new Map<
    string,
    { parameterTypes: number[]; described?: Described | null; columns?: Columns; parsedAt?: number }
  >();
  let parsersChanged = 0;

  return {
    /** The thread prepared `name`: from now on its calls are written here. */
    prepared(name: string, parameterTypes: number[]): void {
      if (!statements.has(name)) statements.set(name, { parameterTypes });
    },

    /** A call of prepared statement `name` as the messages PostgreSQL takes, or null if not yet prepared. */
    call(name: string, params: unknown[]): Uint8Array | null {
      const statement = statements.get(name);
      if (!statement) return null;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = serializers[statement.parameterTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      return bindMessage(name, values, statement.described === undefined ? describeRun : run);
    },

    /**
     * A statement sent with its values (Drizzle's own, a search) as the messages PostgreSQL takes: parsed
     * unnamed, each value as text of no stated type, which PostgreSQL reads as the type its place asks for.
     * The values are written as node-postgres writes them, so both databases are sent the same text.
     */
    unnamed(text: string, params: unknown[]): Uint8Array {
      const values = params.map(asText);
      return bindMessage("", values, describeRun, serialize.parse({ text }));
    },

    /** The rows of an answer given as the bytes PostgreSQL wrote; a refusal throws with its fields. */
    read(
      bytes: Uint8Array,
      options: { rowMode: "array" | "object"; rawTypes: number[] },
      name?: string,
    ): QueryResult {
      for (const type of options.rawTypes) {
        if (keptAsText.has(type)) continue;
        keptAsText.add(type);
        parsers[type] = (value) => value;
        parsersChanged++;
      }
      const statement = name ? statements.get(name) : undefined;
      if (statement?.described && statement.parsedAt !== parsersChanged) {
        statement.columns = columnsOf(statement.described, parsers);
        statement.parsedAt = parsersChanged;
      }
      const answer = answerOf(bytes, parser, parsers, options.rowMode, statement?.columns);
      if (answer.refusal)
        throw Object.assign(new Error(answer.refusal.message), refusalFields(answer.refusal));
      if (statement && statement.described === undefined && answer.described) {
        statement.described = answer.described.name === "noData" ? null : answer.described;
      }
      return answer.result;
    },
  };
}

/** What a Describe answered: the columns, or none (noData). */
type Described = messages.BackendMessage;

/**
 * An answer read in one pass: each row is built as its DataRow is met, every field decoded where it lies in
 * the answer and parsed by its column's parser (found once per answer, or per prepared statement: `known`).
 * PGlite's own reading split the rows
 * into messages, then built each row from a list of pairs: with the copies, a third of the app's thread on a
 * page of 51 orders (decision 74). The other messages go to PGlite's parser. As PGlite's `parseResults`, the
 * rows are those of the first statement completed, and the affected rows its count.
 */
function answerOf(
  bytes: Uint8Array,
  parser: protocol.Parser,
  parsers: Record<number, Parser>,
  rowMode: "array" | "object",
  known: Columns | undefined,
): { result: QueryResult; refusal?: messages.DatabaseError; described?: Described } {
  const rows: unknown[] = [];
  let columns: Columns | null = known ?? null;
  let result: QueryResult | null = null;
  let refusal: messages.DatabaseError | undefined;
  let described: Described | undefined;
  const other = (m: messages.BackendMessage) => {
    if (m.name === "error") refusal ??= m as messages.DatabaseError;
    else if (m.name === "rowDescription") {
      described ??= m;
      if (!result) columns = columnsOf(m, parsers);
    } else if (m.name === "noData") described ??= m;
    else if (m.name === "commandComplete" && !result) {
      const fields = columns?.fields ?? [];
      result = { rows, fields, affectedRows: affected((m as messages.CommandCompleteMessage).text) };
    }
  };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 5 <= buffer.length) {
    const length = buffer.readInt32BE(at + 1);
    const end = at + 1 + length;
    if (end > buffer.length) break;
    if (buffer[at] !== DATA_ROW) parser.parse(bytes.subarray(at, end), other);
    else if (!result) {
      const values = rowValues(buffer, at + 5, columns);
      rows.push(rowMode === "array" || !columns ? values : rowObject(values, columns));
    }
    at = end;
  }
  if (at < buffer.length) parser.parse(bytes.subarray(at), other);
  return { result: result ?? { rows: [], fields: [], affectedRows: 0 }, refusal, described };
}

/** An answer's columns: their names, a row with each of them (copied for each row), and their parsers. */
interface Columns {
  fields: QueryResult["fields"];
  names: string[];
  types: number[];
  parse: (Parser | undefined)[];
  shape: Record<string, unknown>;
}

function columnsOf(described: Described, parsers: Record<number, Parser>): Columns {
  const fields = (described as messages.RowDescriptionMessage).fields.map((f) => ({
    name: f.name,
    dataTypeID: f.dataTypeID,
  }));
  // Read from JSON, so V8 lays it out with every column in place. Set one key at a time, a shape of 19 columns
  // was copied 15 times slower (0.24 against 3.5 µs a row), and PGlite's pairs 7 times slower.
  const shape = JSON.parse(JSON.stringify(Object.fromEntries(fields.map((f) => [f.name, null]))));
  return {
    fields,
    names: fields.map((f) => f.name),
    types: fields.map((f) => f.dataTypeID),
    parse: fields.map((f) => parsers[f.dataTypeID]),
    shape,
  };
}

/** A DataRow's fields (from `at`, its field count), each decoded in place and parsed as its column says. */
function rowValues(buffer: Buffer, at: number, columns: Columns | null): unknown[] {
  const values: unknown[] = new Array(buffer.readInt16BE(at));
  let field = at + 2;
  for (let i = 0; i < values.length; i++) {
    const size = buffer.readInt32BE(field);
    field += 4;
    if (size < 0) {
      values[i] = null;
      continue;
    }
    const text = buffer.toString("utf8", field, field + size);
    const parse = columns?.parse[i];
    values[i] = parse ? parse(text, columns!.types[i]) : text;
    field += size;
  }
  return values;
}

/** A row as an object: a copy of the columns' shape (so every row shares one hidden class), filled in. */
function rowObject(values: unknown[], columns: Columns): Record<string, unknown> {
  const row = { ...columns.shape };
  for (let i = 0; i < values.length; i++) row[columns.names[i]!] = values[i];
  return row;
}

/** The rows a statement's CommandComplete says it changed, as PGlite counts them (none for a SELECT). */
function affected(text: string): number {
  const words = text.split(" ");
  const n = Number.parseInt(words[words.length - 1]!, 10);
  return /^(INSERT|UPDATE|DELETE|COPY|MERGE)$/.test(words[0]!) && !Number.isNaN(n) ? n : 0;
}

const DATA_ROW = 0x44; // D

/** A value as the text node-postgres sends for it; bytes as bytea's hex text (node-postgres sends them binary). */
function asText(value: unknown): string | null {
  const text = pgUtils.prepareValue(value);
  if (text === null || text === undefined) return null;
  return typeof text === "string" ? text : `\\x${Buffer.from(text as Uint8Array).toString("hex")}`;
}

/** No Parse before a prepared statement's Bind: one empty array for every call. */
const NOTHING = new Uint8Array(0);

/**
 * A Bind of the unnamed portal to statement `name`, every value and result as text, followed by `then`, after
 * `before` (the statement's Parse, when it has no name). Written directly into one buffer of its own, which is
 * handed to the thread rather than copied; PGlite's writer grows its buffer value by value.
 */
function bindMessage(
  name: string,
  values: (string | null)[],
  then: Uint8Array,
  before: Uint8Array = NOTHING,
): Uint8Array {
  const sizes = values.map((value) => (value === null ? -1 : Buffer.byteLength(value)));
  // Length, portal "", statement, no format codes, the values, no result format codes.
  let length = 4 + 1 + Buffer.byteLength(name) + 1 + 2 + 2 + 2;
  for (const size of sizes) length += 4 + Math.max(0, size);
  const bind = before.length;
  const message = Buffer.allocUnsafeSlow(bind + 1 + length + then.length);
  message.set(before, 0);
  message[bind] = 0x42; // B
  message.writeInt32BE(length, bind + 1);
  message[bind + 5] = 0;
  let at = bind + 6 + message.write(name, bind + 6);
  message[at++] = 0;
  message.writeInt16BE(0, at);
  message.writeInt16BE(values.length, at + 2);
  at += 4;
  for (const [i, size] of sizes.entries()) {
    message.writeInt32BE(size, at);
    at += 4;
    if (size > 0) at += message.write(values[i]!, at);
  }
  message.writeInt16BE(0, at);
  message.set(then, at + 2);
  return message;
}
