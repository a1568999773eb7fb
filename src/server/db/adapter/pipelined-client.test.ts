import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { countDatabaseWrites } from "../../testing/statements";
import { openTestDatabase } from "../../testing/test-database";
import { type Database, postgresErrorOf, rowsOf, together } from ".";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.tx((db) => db.execute(sql`create table pipeline_probe (id int primary key)`));
});
afterAll(() => database.close());

const probeIds = () =>
  database.read((db) =>
    rowsOf<{ id: number }>(db, sql`select id from pipeline_probe order by id`).then((r) =>
      r.map((x) => x.id),
    ),
  );
/** Writes on PostgreSQL; on PGlite (no socket) the same transaction runs and is checked for its answers. */
const writesOf = (run: () => Promise<unknown>) =>
  database.kind === "postgres" ? countDatabaseWrites(run) : run().then(() => null);

it("sends the statements a transaction starts together in one write, BEGIN with them, and answers each in order", async () => {
  let answers: number[][] = [];
  const writes = await writesOf(() =>
    database.tx(async (db) => {
      answers = await together(
        [3, 1, 2].map((n) =>
          rowsOf<{ n: number }>(db, sql`select ${n}::int as n`).then((rows) => rows.map((r) => r.n)),
        ),
      );
      await db.execute(sql`insert into pipeline_probe values (1)`);
    }),
  );
  expect(answers).toEqual([[3], [1], [2]]);
  expect(await probeIds()).toEqual([1]);
  // BEGIN and the three reads, then the insert, then COMMIT.
  if (database.kind === "postgres") expect(writes).toBe(3);
});

it("rolls back the whole transaction when one of the statements sent together fails, and the connection goes on", async () => {
  const failed = await database
    .tx((db) =>
      together([
        db.execute(sql`insert into pipeline_probe values (2)`),
        db.execute(sql`select 1 / 0`),
        db.execute(sql`insert into pipeline_probe values (3)`),
      ]),
    )
    .catch((error: unknown) => error);
  expect(postgresErrorOf(failed)?.code).toBe("22012"); // division by zero, not the aborted statement after it
  expect(await probeIds()).toEqual([1]);
  // Every connection of the pool is still in step with its answers.
  const again = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      database.tx(async (db) => {
        const [a, b] = await together([
          rowsOf<{ n: number }>(db, sql`select ${i}::int as n`),
          rowsOf<{ n: number }>(db, sql`select ${i + 100}::int as n`),
        ]);
        return [a![0]!.n, b![0]!.n];
      }),
    ),
  );
  expect(again).toEqual(Array.from({ length: 30 }, (_, i) => [i, i + 100]));
});

it("lets nothing that follows from a statement started together outlive its transaction's rollback", async () => {
  // A read whose answer leads to an insert, beside a statement that fails: the insert still goes inside
  // the transaction (and fails with it), never after the rollback on a connection handed to someone else.
  const failed = await database
    .tx((db) =>
      together([
        db.execute(sql`select 1 / 0`),
        rowsOf(db, sql`select 1 as n`).then(() => db.execute(sql`insert into pipeline_probe values (5)`)),
      ]),
    )
    .catch((error: unknown) => error);
  expect(postgresErrorOf(failed)?.code).toBe("22012"); // the first failure in the order they were started
  await database.tx((db) => db.execute(sql`select 1`));
  expect(await probeIds()).toEqual([1]);
});

it("sends a transaction with nothing but BEGIN and COMMIT, or that fails before any statement, cleanly", async () => {
  expect(await database.tx(async () => "nothing")).toBe("nothing");
  const early = await database
    .tx(async () => {
      throw new Error("refused before any statement");
    })
    .catch((error: Error) => error.message);
  expect(early).toBe("refused before any statement");
  await database.tx((db) => db.execute(sql`insert into pipeline_probe values (4)`));
  expect(await probeIds()).toEqual([1, 4]);
});

it("sends COMMIT behind a transaction's last statements, and a refusal among them leaves nothing written", async () => {
  let answers: number[] = [];
  const writes = await writesOf(async () => {
    answers = await database.txEndingWith(async (db) => {
      const [[n]] = await together([rowsOf<{ n: number }>(db, sql`select 6::int as n`)]);
      const last = together([
        db.execute(sql`insert into pipeline_probe values (${n!.n})`),
        rowsOf<{ id: number }>(db, sql`insert into pipeline_probe values (7) returning id`),
      ]);
      return { last: last.then(([, rows]) => rows.map((r) => r.id)) };
    });
  });
  expect(answers).toEqual([7]);
  expect(await probeIds()).toEqual([1, 4, 6, 7]);
  // BEGIN and the read; the two inserts and COMMIT.
  if (database.kind === "postgres") expect(writes).toBe(2);

  const refused = await database
    .txEndingWith(async (db) => ({
      last: together([
        db.execute(sql`insert into pipeline_probe values (8)`),
        db.execute(sql`insert into pipeline_probe values (1)`),
        db.execute(sql`insert into pipeline_probe values (9)`),
      ]),
    }))
    .catch((error: unknown) => error);
  // The duplicate refused with COMMIT already sent: the server rolled back instead, and the call says why.
  expect(postgresErrorOf(refused)?.code).toBe("23505");
  expect(await probeIds()).toEqual([1, 4, 6, 7]);
  await database.tx((db) => db.execute(sql`insert into pipeline_probe values (10)`));
  expect(await probeIds()).toEqual([1, 4, 6, 7, 10]);
});
