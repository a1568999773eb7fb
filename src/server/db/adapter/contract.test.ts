import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canRunClusters, type PgCluster, startCluster } from "../../../../tests/system/support/pg-cluster";
import {
  type Database,
  isDatabaseUnavailable,
  openPglite,
  openPostgres,
  postgresErrorOf,
  prepared,
  rowsOf,
  together,
} from ".";

/**
 * What the rest of the server may count on from the adapter, on both databases: the same rows and types,
 * refusals with their SQLSTATE and detail, a failed statement in a pipelined batch, cancellation, a lost
 * connection and prepared statements on a new one. PostgreSQL is a cluster of this test's own, so the
 * pipelining is tested on every run. Upgrading PGlite, pg or drizzle-orm starts here (README).
 */
const quiet = { warn: () => {} };
const strawById = prepared<{ id: number }, { id: number; label: string }>(
  "contract_straw_by_id",
  (p) => sql`select id, label from contract_straw where id = ${p.id}::int`,
);
const straws = (database: Database) =>
  database.read((db) => rowsOf<{ id: number }>(db, sql`select id from contract_straw order by id`));

let cluster: PgCluster;
beforeAll(async () => {
  if (!canRunClusters()) {
    throw new Error(
      "The adapter's contract tests start a PostgreSQL: install its server programs (Debian: postgresql)",
    );
  }
  cluster = await startCluster();
}, 120_000);
afterAll(() => cluster?.destroy());

const targets: [string, () => Promise<Database>][] = [
  ["PGlite", () => openPglite()],
  ["PostgreSQL", () => openPostgres(cluster.url, 4, quiet)],
];

describe.each(targets)("the database adapter on %s", (_, open) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await database.tx(async (db) => {
      await rowsOf(db, sql`drop table if exists contract_straw`);
      await rowsOf(
        db,
        sql`create table contract_straw (id int primary key, label text not null check (label <> ''))`,
      );
    });
  });
  afterAll(() => database?.close());

  it("answers rows and types alike: int, int8 and numeric as text, arrays, json, timestamps as text, null", async () => {
    const [row] = await database.read((db) =>
      rowsOf(
        db,
        sql`select 1::int as i, 9007199254740993::int8 as big, array[1, 2]::int8[] as bigs, 1.50::numeric as n,
          2.5::float8 as f, array[1, 2]::int[] as ints, array['a', null]::text[] as texts, '{"a": 1}'::json as j,
          '{"b": [1]}'::jsonb as jb, '2026-11-27T10:00:00Z'::timestamptz as at, '2026-11-27'::date as d,
          null::text as nothing, true as yes`,
      ),
    );
    expect(row).toEqual({
      i: 1,
      big: "9007199254740993",
      bigs: ["1", "2"],
      n: "1.50",
      f: 2.5,
      ints: [1, 2],
      texts: ["a", null],
      j: { a: 1 },
      jb: { b: [1] },
      at: "2026-11-27 10:00:00+00",
      d: "2026-11-27",
      nothing: null,
      yes: true,
    });
  });

  it("takes values alike, each read as the type its place asks for: text, numbers, dates, arrays, json, bytes, null", async () => {
    const instant = new Date("2026-11-27T10:00:00Z");
    const [row] = await database.read((db) =>
      rowsOf(
        db,
        sql`select ${'it\'s \\ "quoted"'}::text as t, ${42}::int as i, ${2.5}::float8 as f, ${true}::bool as yes,
          (${instant}::timestamptz = '2026-11-27T10:00:00Z') as same_instant, ${"2026-11-27"}::date as d,
          ${sql.param([1, 2])}::int[] as ints, ${sql.param(["a b", 'c"d'])}::text[] as texts,
          ${sql.param({ a: [1] })}::jsonb as jb, ${Buffer.from([0, 255])}::bytea = '\\x00ff'::bytea as bytes,
          ${null}::text as nothing, ${"3"} as untyped`,
      ),
    );
    expect(row).toEqual({
      t: 'it\'s \\ "quoted"',
      i: 42,
      f: 2.5,
      yes: true,
      same_instant: true,
      d: "2026-11-27",
      ints: [1, 2],
      texts: ["a b", 'c"d'],
      jb: { a: [1] },
      bytes: true,
      nothing: null,
      untyped: "3",
    });
  });

  it("refuses with the SQLSTATE, constraint and detail, and goes on answering", async () => {
    await database.tx((db) => rowsOf(db, sql`insert into contract_straw values (1, 'T1-C1-1')`));
    const duplicate = await database
      .tx((db) => rowsOf(db, sql`insert into contract_straw values (1, 'again')`))
      .catch(postgresErrorOf);
    expect(duplicate).toEqual({
      code: "23505",
      constraint: "contract_straw_pkey",
      detail: "Key (id)=(1) already exists.",
    });
    const raised = await database
      .tx((db) =>
        rowsOf(
          db,
          sql`do $$ begin raise exception 'short' using errcode = 'P0001', detail = 'item 7'; end $$`,
        ),
      )
      .catch(postgresErrorOf);
    expect(raised).toMatchObject({ code: "P0001", detail: "item 7" });
    expect(await straws(database)).toEqual([{ id: 1 }]);
  });

  it("rolls back a pipelined batch whose middle statement fails, after every statement has answered", async () => {
    const answered: string[] = [];
    const batch = database.tx((db) =>
      together([
        rowsOf(db, sql`insert into contract_straw values (10, 'a')`).finally(() => answered.push("first")),
        rowsOf(db, sql`insert into contract_straw values (11, '')`).finally(() => answered.push("refused")),
        rowsOf(db, sql`insert into contract_straw values (12, 'c')`).finally(() => answered.push("third")),
      ]),
    );
    expect(await batch.catch(postgresErrorOf)).toMatchObject({ code: "23514" });
    // Every statement had answered when the batch failed: nothing of it can reach the connection later.
    expect(answered.sort()).toEqual(["first", "refused", "third"]);
    const ending = database.txEndingWith(async (db) => ({
      last: together([
        rowsOf(db, sql`insert into contract_straw values (13, 'd')`),
        rowsOf(db, sql`insert into contract_straw values (1, 'duplicate')`),
      ]),
    }));
    expect(await ending.catch(postgresErrorOf)).toMatchObject({ code: "23505" });
    expect(await straws(database)).toEqual([{ id: 1 }]);
  });

  it("runs a prepared statement with its parameters, many times and side by side", async () => {
    const answers = await database.read((db) =>
      together([strawById(db, { id: 1 }), strawById(db, { id: 2 }), strawById(db, { id: 1 })]),
    );
    expect(answers).toEqual([[{ id: 1, label: "T1-C1-1" }], [], [{ id: 1, label: "T1-C1-1" }]]);
  });
});

describe("PGlite", () => {
  it("runs a statement to its end: it cannot be cancelled (statement_timeout is not enforced)", async () => {
    const database = await openPglite();
    try {
      const slept = await database.tx(async (db) => {
        await rowsOf(db, sql`set local statement_timeout = 20`);
        return rowsOf<{ done: boolean }>(db, sql`select true as done from pg_sleep(0.1)`);
      });
      // A PGlite that starts enforcing it would refuse here with 57014: then cancellation joins the contract.
      expect(slept).toEqual([{ done: true }]);
    } finally {
      await database.close();
    }
  });

  it("prepares its statements again on a database opened again from the same folder", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "urithi-contract-"));
    try {
      for (const round of [1, 2]) {
        const database = await openPglite(path.join(dir, "pgdata"));
        if (round === 1) {
          await database.tx(async (db) => {
            await rowsOf(db, sql`create table contract_straw (id int primary key, label text not null)`);
            await rowsOf(db, sql`insert into contract_straw values (5, 'T2-C3-5')`);
          });
        }
        expect(await database.read((db) => strawById(db, { id: 5 }))).toEqual([{ id: 5, label: "T2-C3-5" }]);
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("PostgreSQL", () => {
  let database: Database;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await openPostgres(cluster.url, 2, quiet);
    admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });
  const backendPid = (db: Parameters<Parameters<Database["tx"]>[0]>[0]) =>
    rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid`).then(([row]) => row!.pid);

  it("cancels a statement (statement_timeout, pg_cancel_backend) with 57014, and the connection serves on", async () => {
    const timedOut = database.tx(async (db) => {
      await rowsOf(db, sql`set local statement_timeout = 50`);
      return rowsOf(db, sql`select pg_sleep(5)`);
    });
    expect(await timedOut.catch(postgresErrorOf)).toMatchObject({ code: "57014" });
    const cancelled = database.tx(async (db) => {
      const pid = await backendPid(db);
      const sleeping = rowsOf(db, sql`select pg_sleep(5)`);
      sleeping.catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
      await admin.query("select pg_cancel_backend($1)", [pid]);
      return sleeping;
    });
    expect(await cancelled.catch(postgresErrorOf)).toMatchObject({ code: "57014" });
    expect(await database.read((db) => rowsOf(db, sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });

  it("plans without parallel workers or JIT on its own connections, where a plain client may use them", async () => {
    const settings =
      "select current_setting('max_parallel_workers_per_gather') as n, current_setting('jit') as jit";
    const own = await database.read((db) => rowsOf<{ n: string; jit: string }>(db, sql.raw(settings)));
    expect(own).toEqual([{ n: "0", jit: "off" }]);
    const plain = await admin.query(settings);
    expect(plain.rows).toEqual([{ n: "2", jit: "on" }]);
  });

  it("fails a transaction whose connection is lost as unavailable, and the next one runs on a new connection", async () => {
    const lost = database.tx(async (db) => {
      const pid = await backendPid(db);
      await admin.query("select pg_terminate_backend($1)", [pid]);
      return rowsOf(db, sql`select 1`);
    });
    const error = await lost.catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await database.tx((db) => rowsOf(db, sql`select 2 as two`))).toEqual([{ two: 2 }]);
  });

  it("prepares a statement again on a new connection after the server dropped every one", async () => {
    await database.tx(async (db) => {
      await rowsOf(
        db,
        sql`create table if not exists contract_straw (id int primary key, label text not null)`,
      );
      await rowsOf(db, sql`insert into contract_straw values (7, 'T3-C1-7') on conflict do nothing`);
    });
    const before = await database.read((db) => strawById(db, { id: 7 }));
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    // The pool learns of a dropped idle connection from its socket: at most one call may hear of it.
    let after: unknown;
    let refusals = 0;
    for (let attempt = 0; attempt < 3 && after === undefined; attempt++) {
      after = await database
        .read((db) => strawById(db, { id: 7 }))
        .catch((e: unknown) => {
          if (!isDatabaseUnavailable(e)) throw e;
          refusals++;
          return undefined;
        });
    }
    expect(before).toEqual([{ id: 7, label: "T3-C1-7" }]);
    expect(after).toEqual(before);
    expect(refusals).toBeLessThanOrEqual(1);
  });
});
