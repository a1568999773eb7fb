import {
  type AnyColumn,
  getTableColumns,
  type InferSelectModel,
  type Placeholder,
  type Query,
  type SQL,
  sql,
  type Table,
} from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./database";
import type { PlanMode } from "./plan-mode";

const dialect = new PgDialect();
const names = new Set<string>();
/** Each prepared statement's name by its text, for the PGlite thread, which Drizzle does not tell the name. */
const namesByText = new Map<string, string>();
export const preparedName = (text: string): string | undefined => namesByText.get(text);
/** The prepared statements planned once for all values (`planOnce`), by name. */
const plannedOnce = new Set<string>();
/**
 * The plan mode a statement is run in (plan-mode.ts): a statement sent with its values (no name) is planned
 * for them; a prepared one as it was prepared, and undefined when either mode will do.
 */
export const planModeOf = (name: string | undefined): PlanMode | undefined =>
  name === undefined ? "auto" : plannedOnce.has(name) ? "generic" : undefined;

export type Placeholders<P> = { readonly [K in keyof P]: Placeholder };
const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_, key) => sql.placeholder(String(key)),
});

/**
 * A statement the app runs on every order, written once with placeholders (`p.name`) where its values go.
 * Its text is built once, and PostgreSQL receives it under its name, so each connection parses and plans it
 * once rather than on every call (decision 19). The PGlite thread prepares it by name the same way.
 *
 * The text never changes, so neither does what the name stands for; a name given twice is refused at start.
 * It answers the rows as the driver gives them: columns named as the statement names them (alias them in
 * camelCase), timestamps as text. Values must be what the driver sends as they are: numbers, text, arrays,
 * null; dates as ISO text cast in the statement.
 *
 * PostgreSQL may still plan it again for each call's values. `planOnce` has it planned once for all values
 * (plan-mode.ts): for a statement whose values are a page's limit and offset or a range's bounds, whose plan
 * for any values is the one each call's would be.
 */
export function prepared<P extends Record<string, unknown>, Row>(
  name: string,
  write: (p: Placeholders<P>) => SQL,
  { planOnce = false } = {},
): (db: Db, params: P) => Promise<Row[]> {
  if (names.has(name)) throw new Error(`Two prepared statements are named ${name}`);
  names.add(name);
  if (planOnce) plannedOnce.add(name);
  let query: Query | undefined;
  return (db, params) => {
    if (!query) {
      query = dialect.sqlToQuery(write(placeholders as Placeholders<P>));
      namesByText.set(query.sql, name);
    }
    return db._.session
      .prepareQuery(query, undefined, name, false)
      .execute(params)
      .then((result) => (result as { rows: Row[] }).rows);
  };
}

/**
 * A fragment without values (a list of columns) as its text, written once: a statement built for each call
 * (a search) that repeats it then costs Drizzle nothing to write it again.
 */
export function textOnce(fragment: SQL): SQL {
  const query = dialect.sqlToQuery(fragment);
  if (query.params.length > 0) throw new Error("textOnce takes a fragment without values");
  return sql.raw(query.sql);
}

/** A fragment's text and values as one string: a key for what it selects, where two equal keys select the same. */
export function sqlKey(fragment: SQL): string {
  const query = dialect.sqlToQuery(fragment);
  return `${query.sql} ${JSON.stringify(query.params)}`;
}

/**
 * Every column of `table` by its SQL name, for a prepared statement's RETURNING: listed, not `*`, so a column
 * added later cannot change what a statement a connection already prepared answers. `qualified` names the
 * table before each, for a statement that joins another with the same column names.
 */
export const columnsOf = (table: Table, { qualified = false } = {}): SQL =>
  sql.join(
    Object.values(getTableColumns(table)).map((column) =>
      qualified ? sql`${table}.${sql.identifier(column.name)}` : sql.identifier(column.name),
    ),
    sql`, `,
  );

/**
 * A timestamp column as the ISO text `Date.prototype.toISOString` writes (UTC, milliseconds cut as the driver
 * cuts them), for a statement whose rows go to the client as they come.
 */
export const isoText = (column: AnyColumn): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The columns of an answer that goes to the client as the statement gives it, each named as the contract
 * names it (`{ orderDate: orders.orderDate }`): timestamps as ISO text, and numerics and bigints, which the
 * driver gives as text, as numbers.
 */
export const answerOf = (columns: Record<string, AnyColumn>): SQL =>
  sql.join(
    Object.entries(columns).map(([key, column]) => {
      const value =
        column.columnType === "PgTimestamp"
          ? isoText(column)
          : column.columnType === "PgNumeric" || column.columnType === "PgBigInt53"
            ? sql`${column}::float8`
            : sql`${column}`;
      return sql`${value} as ${sql.identifier(key)}`;
    }),
    sql`, `,
  );

/** A whole row of `table` from a prepared statement (`columnsOf`), as Drizzle's own queries answer it. */
export function tableRow<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** The first of a prepared statement's rows as a whole row of `table` (`tableRow`); undefined when none came. */
export const firstTableRow = <T extends Table>(
  table: T,
  rows: Record<string, unknown>[],
): InferSelectModel<T> | undefined => (rows[0] ? tableRow(table, rows[0]) : undefined);
