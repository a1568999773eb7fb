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
  const { messages: message, parse, protocol, types } = await import("@electric-sql/pglite");
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
  /** Each prepared statement's parameter types, and its columns once an answer has described them. */
  const statements = new Map<string, { parameterTypes: number[]; columns?: messages.BackendMessage[] }>();

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
      return bindMessage(name, values, statement.columns ? run : describeRun);
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
      }
      const answer = messagesOf(bytes, parser, message.DataRowMessage);
      const refusal = answer.find((m): m is messages.DatabaseError => m.name === "error");
      if (refusal) throw Object.assign(new Error(refusal.message), refusalFields(refusal));
      const statement = name ? statements.get(name) : undefined;
      if (statement && !statement.columns) {
        const described = answer.find((m) => m.name === "rowDescription" || m.name === "noData");
        if (described) statement.columns = described.name === "noData" ? [] : [described];
      } else if (statement?.columns) answer.unshift(...statement.columns);
      const [result] = parse.parseResults(answer, parsers, { rowMode: options.rowMode });
      return { rows: result!.rows, fields: result!.fields, affectedRows: result!.affectedRows };
    },
  };
}

/**
 * An answer's messages in order. Its rows (DataRow, most of its bytes) are read here, each field decoded
 * where it lies in the answer; PGlite's parser first copies each field into a buffer of its own, which was
 * the largest part of the app's thread serving a page of 51 orders (15% of it in a profile). The other
 * messages, and whatever follows a message cut short, go to PGlite's parser.
 */
function messagesOf(
  bytes: Uint8Array,
  parser: protocol.Parser,
  DataRow: typeof messages.DataRowMessage,
): messages.BackendMessage[] {
  const answer: messages.BackendMessage[] = [];
  const push = (m: messages.BackendMessage) => answer.push(m);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 5 <= buffer.length) {
    const length = buffer.readInt32BE(at + 1);
    const end = at + 1 + length;
    if (end > buffer.length) break;
    if (buffer[at] !== DATA_ROW) parser.parse(bytes.subarray(at, end), push);
    else {
      const fields: (string | null)[] = new Array(buffer.readInt16BE(at + 5));
      let field = at + 7;
      for (let i = 0; i < fields.length; i++) {
        const size = buffer.readInt32BE(field);
        field += 4;
        fields[i] = size < 0 ? null : buffer.toString("utf8", field, field + size);
        field += Math.max(size, 0);
      }
      answer.push(new DataRow(length, fields));
    }
    at = end;
  }
  if (at < buffer.length) parser.parse(bytes.subarray(at), push);
  return answer;
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
