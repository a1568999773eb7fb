import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase } from "../../testing/test-database";
import { type Database, postgresErrorOf, rowsOf, together } from ".";
import { SerialQueue } from "./serial-queue";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.tx((db) => db.execute(sql`create table tank_probe (id int primary key)`));
});
afterAll(() => database.close());

const tankIds = () =>
  database.read((db) =>
    rowsOf<{ id: number }>(db, sql`select id from tank_probe order by id`).then((r) => r.map((x) => x.id)),
  );

it("queues jobs in call order, and lets the next start once a job releases its turn", async () => {
  const queue = new SerialQueue();
  const seen: string[] = [];
  let finishFirst!: () => void;
  const first = queue.run(async (release) => {
    seen.push("first started");
    release();
    await new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    seen.push("first finished");
  });
  const second = queue.run(async () => {
    seen.push("second started");
  });
  const third = queue.run(async () => {
    seen.push("third started");
    throw new Error("refused");
  });
  const fourth = queue.run(async () => {
    seen.push("fourth started");
  });
  await second;
  await expect(third).rejects.toThrow("refused");
  await fourth;
  finishFirst();
  await first;
  expect(seen).toEqual([
    "first started",
    "second started",
    "third started",
    "fourth started",
    "first finished",
  ]);
});

it("starts the next transaction once one has sent its COMMIT, keeping each one's statements its own", async () => {
  const seen: string[] = [];
  // The first ends with a slow statement and a refusal, COMMIT sent behind them; the second starts meanwhile
  // (on PGlite its statements queue behind that COMMIT in the database's thread) and commits on its own.
  const first = database
    .txEndingWith(async (db) => ({
      last: together([
        db.execute(sql`insert into tank_probe values (1)`),
        rowsOf(db, sql`select pg_sleep(0.2)`),
        db.execute(sql`insert into tank_probe values (1)`),
      ]).finally(() => seen.push("first answered")),
    }))
    .catch((error: unknown) => postgresErrorOf(error)?.code);
  const second = database.tx(async (db) => {
    seen.push("second started");
    await db.execute(sql`insert into tank_probe values (2)`);
  });
  expect(await first).toBe("23505");
  await second;
  expect(seen).toEqual(["second started", "first answered"]);
  expect(await tankIds()).toEqual([2]);
});

it("on PGlite, lets the next job start once a single statement has been sent, outside every transaction", async () => {
  const seen: string[] = [];
  const upsert = database
    .statement((db) => db.execute(sql`insert into tank_probe select 3 from pg_sleep(0.2)`))
    .then(() => seen.push("statement answered"));
  const read = database.read(async (db) => {
    seen.push("read started");
    return rowsOf<{ id: number }>(db, sql`select id from tank_probe where id = 3`);
  });
  await upsert;
  if (database.kind === "pglite") {
    // Sent after the statement, the read runs after it in the database's thread and sees its row.
    expect(await read).toEqual([{ id: 3 }]);
    expect(seen).toEqual(["read started", "statement answered"]);
  } else await read; // another connection of the pool: no order between them
  expect(await tankIds()).toContain(3);
});
