import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase } from "../../testing/test-database";
import { type Database, postgresErrorOf, rowsOf, together } from ".";
import { answerOf, columnsOf, prepared, tableRow } from "./prepared";

// One connection (PGlite has only one), so every transaction below runs where the ones before it prepared
// their statements.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 1 });
  await database.tx(async (db) => {
    await db.execute(
      sql`create table straw_probe (id int primary key, label text not null, frozen_at timestamptz)`,
    );
    await db.execute(sql`create type tank_state as enum ('filled', 'low')`);
    await db.execute(sql`create table tank_probe (id int primary key, state tank_state not null,
      filled_at timestamptz, due date, levels jsonb, open boolean not null, note text)`);
  });
});
afterAll(() => database.close());

const addStraw = prepared<{ id: number; label: string; at: string | null }, { id: number; frozenAt: string }>(
  "test_add_straw",
  (p) => sql`insert into straw_probe values (${p.id}::int, ${p.label}::text, ${p.at}::timestamptz)
    returning id, to_char(frozen_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as "frozenAt"`,
);
const strawsAmong = prepared<{ ids: number[] }, { id: number; label: string }>(
  "test_straws_among",
  (p) => sql`select id, label from straw_probe where id = any(${p.ids}::int[]) order by id`,
);
const strawById = prepared<{ id: number }, { label: string }>(
  "test_straw_by_id",
  (p) => sql`select label from straw_probe where id = ${p.id}::int`,
);
/** What this connection has prepared, with how often each was planned for its values or once for all. */
const preparedHere = (db: Parameters<typeof addStraw>[0]) =>
  rowsOf<{ name: string; plans: number; generic: number }>(
    db,
    sql`select name, (custom_plans + generic_plans)::int as plans, generic_plans::int as generic
        from pg_prepared_statements where name like 'test_%' order by name`,
  );

it("fills each placeholder with its own value on every call, and answers the rows as named", async () => {
  const added = await database.tx((db) =>
    together([
      addStraw(db, { id: 1, label: "HOL-0001 'Kibo'", at: "2026-11-26T08:30:00Z" }),
      addStraw(db, { id: 2, label: "FRI-0002", at: null }),
    ]),
  );
  expect(added).toEqual([[{ id: 1, frozenAt: "2026-11-26 08:30" }], [{ id: 2, frozenAt: null }]]);
  const found = await database.read((db) => strawsAmong(db, { ids: [2, 1, 99] }));
  expect(found).toEqual([
    { id: 1, label: "HOL-0001 'Kibo'" },
    { id: 2, label: "FRI-0002" },
  ]);
  expect(await database.read((db) => strawsAmong(db, { ids: [] }))).toEqual([]);
});

it("is parsed once per connection, and a lookup by key is then planned once for all values", async () => {
  const here = await database.tx(async (db) => {
    for (let id = 10; id < 22; id++) await together([strawsAmong(db, { ids: [id] }), strawById(db, { id })]);
    return preparedHere(db);
  });
  // Twelve calls of each (and the ones before), all on the one statement this connection parsed.
  expect(here.find((s) => s.name === "test_straws_among")?.plans).toBeGreaterThanOrEqual(12);
  const byId = here.find((s) => s.name === "test_straw_by_id");
  expect(byId?.plans).toBe(12);
  // After five plans for their values, the server keeps one plan for any key (a list of keys it still plans
  // for each list: its cost depends on the list's length).
  expect(byId?.generic).toBeGreaterThan(0);
});

const strawsByPage = prepared<{ limit: number; offset: number }, { id: number }>(
  "test_straws_by_page",
  (p) => sql`select id from straw_probe order by id limit ${p.limit}::int offset ${p.offset}::int`,
  { planOnce: true },
);
const strawsByPageEachTime = prepared<{ limit: number; offset: number }, { id: number }>(
  "test_straws_by_page_each_time",
  (p) => sql`select id as id from straw_probe order by id limit ${p.limit}::int offset ${p.offset}::int`,
);
const planModeNow = (db: Parameters<typeof addStraw>[0]) =>
  rowsOf<{ plan_cache_mode: string }>(db, sql`show plan_cache_mode`).then((r) => r[0]!.plan_cache_mode);
const pagePlans = (db: Parameters<typeof addStraw>[0], name: string) =>
  preparedHere(db).then((r) => r.find((s) => s.name === name));

it("plans a page once for every limit and offset with planOnce, and a statement sent with its values for them", async () => {
  const modes = await database.tx(async (db) => {
    const seen: string[] = [];
    for (let offset = 0; offset < 8; offset++) {
      const page = await strawsByPage(db, { limit: 1, offset });
      // Then a statement of Drizzle's own, sent with its values, and the same page prepared without it.
      seen.push(await planModeNow(db));
      expect(await strawsByPageEachTime(db, { limit: 1, offset })).toEqual(page);
    }
    return seen;
  });
  expect(new Set(modes)).toEqual(new Set(["auto"]));
  const [once, eachTime] = await database.read((db) =>
    together([pagePlans(db, "test_straws_by_page"), pagePlans(db, "test_straws_by_page_each_time")]),
  );
  expect(once).toMatchObject({ plans: 8, generic: 8 });
  // Without it, PostgreSQL plans the page again for each one: a plan for any page looks dearer.
  expect(eachTime).toMatchObject({ plans: 8, generic: 0 });
});

it("plans a page once even after a transaction that set the mode was rolled back", async () => {
  const before = await database.read((db) => pagePlans(db, "test_straws_by_page"));
  const failed = await database
    .tx(async (db) => {
      await strawsByPage(db, { limit: 1, offset: 0 });
      await db.execute(sql`select 1 / 0`);
    })
    .catch((e: unknown) => e);
  expect(postgresErrorOf(failed)?.code).toBe("22012");
  // The rollback undid the transaction's SET; the next page sets it again.
  await database.read((db) => strawsByPage(db, { limit: 1, offset: 1 }));
  const after = await database.read((db) => pagePlans(db, "test_straws_by_page"));
  expect(after!.plans - after!.generic).toBe(before!.plans - before!.generic);
  expect(after!.generic).toBe(before!.generic + 2);
});

it("is parsed again after a transaction that failed before the server took it, and then runs", async () => {
  const failing = prepared<{ id: number }, { id: number }>(
    "test_after_failure",
    (p) => sql`select id from straw_probe where id = ${p.id}::int`,
  );
  const error = await database
    .tx((db) => together([db.execute(sql`select 1 / 0`), failing(db, { id: 1 })]))
    .catch((e: unknown) => e);
  expect(postgresErrorOf(error)?.code).toBe("22012");
  expect(await database.read((db) => failing(db, { id: 1 }))).toEqual([{ id: 1 }]);
  expect(await database.tx((db) => failing(db, { id: 2 }))).toEqual([{ id: 2 }]);
  const names = await database.tx((db) => preparedHere(db).then((r) => r.map((s) => s.name)));
  expect(names).toContain("test_after_failure");
});

it("refuses a name given to two statements", () => {
  expect(() => prepared("test_add_straw", () => sql`select 1`)).toThrow(/test_add_straw/);
});

const tankState = pgEnum("tank_state", ["filled", "low"]);
const tanks = pgTable("tank_probe", {
  id: integer("id").primaryKey(),
  state: tankState("state").notNull(),
  filledAt: timestamp("filled_at", { withTimezone: true }),
  due: date("due", { mode: "string" }),
  levels: jsonb("levels").$type<{ canister: number; litres: number }[]>(),
  open: boolean("open").notNull(),
  note: text("note"),
});
const addTank = prepared<
  {
    id: number;
    state: string;
    at: string | null;
    due: string | null;
    levels: string | null;
    note: string | null;
  },
  Record<string, unknown>
>(
  "test_add_tank",
  (p) => sql`insert into ${tanks} values (${p.id}::int, ${p.state}::tank_state, ${p.at}::timestamptz,
    ${p.due}::date, ${p.levels}::jsonb, true, ${p.note}::text) returning ${columnsOf(tanks)}`,
);

it("answers a table's whole row as Drizzle's own queries do: dates, JSON, enums and nulls alike", async () => {
  const levels = [{ canister: 1, litres: 12.5 }];
  const rows = await database.tx((db) =>
    together([
      addTank(db, {
        id: 1,
        state: "low",
        at: "2026-11-26T05:45:10.123Z",
        due: "2026-12-01",
        levels: JSON.stringify(levels),
        note: "Nitrojeni",
      }),
      addTank(db, { id: 2, state: "filled", at: null, due: null, levels: null, note: null }),
    ]),
  );
  const answered = rows.map(([raw]) => tableRow(tanks, raw!));
  const stored = await database.read((db) => db.select().from(tanks).orderBy(tanks.id));
  expect(answered).toEqual(stored);
  expect(answered[0]).toEqual({
    id: 1,
    state: "low",
    filledAt: new Date("2026-11-26T05:45:10.123Z"),
    due: "2026-12-01",
    levels,
    open: true,
    note: "Nitrojeni",
  });
});

const strawLabels = prepared<{ ids: number[] }, { ids: number[]; labels: string[] }>(
  "test_straw_labels",
  (p) => sql`select array_agg(id order by id) as ids, array_agg(label order by id) as labels
    from straw_probe where id = any(${p.ids}::int[])`,
);

it("answers arrays as arrays, and a refusal with PostgreSQL's code, constraint and detail", async () => {
  // On PGlite these answers are read on the app's thread from the bytes PostgreSQL wrote (pglite-answers.ts).
  const [labels] = await database.read((db) => strawLabels(db, { ids: [1, 2] }));
  expect(labels).toEqual({ ids: [1, 2], labels: ["HOL-0001 'Kibo'", "FRI-0002"] });
  const refused = await database
    .tx((db) => addStraw(db, { id: 1, label: "again", at: null }))
    .catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(Error);
  expect(postgresErrorOf(refused)).toEqual({
    code: "23505",
    constraint: "straw_probe_pkey",
    detail: "Key (id)=(1) already exists.",
  });
});

const relabel = prepared<{ id: number; label: string }, never>(
  "test_relabel",
  (p) => sql`update straw_probe set label = ${p.label}::text where id = ${p.id}::int`,
);

it("runs a statement that answers no rows again and again, with any text as a value", async () => {
  // After its first call a statement's columns are known and its calls skip the Describe (pglite-wire.ts).
  const labels = ["Ng'ombe bora — ñ 🐄", "", 'quote " and \\ backslash', "HOL-0001 'Kibo'"];
  for (const label of labels) {
    expect(await database.tx((db) => relabel(db, { id: 1, label }))).toEqual([]);
    expect(await database.read((db) => strawById(db, { id: 1 }))).toEqual([{ label }]);
  }
});

const strawPage = prepared<{ from: number }, { id: number; label: string; frozenAt: string | null }>(
  "test_straw_page",
  (p) =>
    sql`select id, label, frozen_at as "frozenAt" from straw_probe where id >= ${p.from}::int order by id`,
);

it("reads a page of many rows field by field, as PostgreSQL's own text: empty, null, and beyond ASCII", async () => {
  // On PGlite each row is read where it lies in the answer's bytes (pglite-wire.ts `messagesOf`).
  await database.tx((db) =>
    db.execute(sql`insert into straw_probe
      select 1000 + g, case g % 4 when 0 then '' when 1 then 'Ng''ombe ' || g || ' — ñ 🐄' else 'HOL-' || g end,
             case when g % 3 = 0 then null else timestamptz '2026-11-26 08:30Z' + g * interval '1 minute' end
      from generate_series(1, 300) g`),
  );
  const page = await database.read((db) => strawPage(db, { from: 1000 }));
  const stored = await database.read((db) =>
    rowsOf<{ id: number; label: string; frozenAt: string | null }>(
      db,
      sql`select id, label, frozen_at::text as "frozenAt" from straw_probe where id >= 1000 order by id`,
    ),
  );
  expect(page).toHaveLength(300);
  expect(page.map((r) => [r.id, r.label, r.frozenAt === null])).toEqual(
    stored.map((r) => [r.id, r.label, r.frozenAt === null]),
  );
  expect(page.find((r) => r.id === 1001)?.label).toBe("Ng'ombe 1 — ñ 🐄");
  expect(page.find((r) => r.id === 1004)?.label).toBe("");
  expect(page.find((r) => r.id === 1003)?.frozenAt).toBeNull();
});

const flaskProbe = pgTable("flask_probe", {
  id: integer("id").primaryKey(),
  filledAt: timestamp("filled_at", { withTimezone: true }),
  litres: numeric("litres", { precision: 10, scale: 2 }).notNull(),
  straws: bigint("straws", { mode: "number" }).notNull(),
  label: text("label"),
});

it("answers a statement's columns as the contract names them: ISO times, numerics and bigints as numbers", async () => {
  await database.tx(async (db) => {
    await db.execute(sql`create table flask_probe (id int primary key, filled_at timestamptz,
      litres numeric(10, 2) not null, straws bigint not null, label text)`);
    await db.execute(sql`insert into flask_probe values
      (1, '2026-11-30 10:11:12.345678+03', 12.5, 9007199254740991, null), (2, null, 3, 0, 'LN2')`);
  });
  const flasks = prepared<Record<never, never>, Record<string, unknown>>(
    "test_flask_answer",
    () => sql`select ${answerOf({ flaskId: flaskProbe.id, filledAt: flaskProbe.filledAt, litres: flaskProbe.litres, straws: flaskProbe.straws, label: flaskProbe.label })}
      from ${flaskProbe} order by ${flaskProbe.id}`,
  );
  expect(await database.read((db) => flasks(db, {}))).toEqual([
    { flaskId: 1, filledAt: "2026-11-30T07:11:12.345Z", litres: 12.5, straws: 9007199254740991, label: null },
    { flaskId: 2, filledAt: null, litres: 3, straws: 0, label: "LN2" },
  ]);
});
