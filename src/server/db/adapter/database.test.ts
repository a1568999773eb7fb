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

it("runs shared jobs queued together side by side, and a job after them once every one has ended", async () => {
  const queue = new SerialQueue();
  const seen: string[] = [];
  const gate = () => {
    let open!: () => void;
    return { shut: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
  };
  const [a, b] = [gate(), gate()];
  const readA = queue.shared(async () => {
    seen.push("read a started");
    await a.shut;
    seen.push("read a ended");
  });
  const readB = queue.shared(async () => {
    seen.push("read b started");
    await b.shut;
    seen.push("read b ended");
    throw new Error("refused");
  });
  const write = queue.run(async () => {
    seen.push("write started");
  });
  const readC = queue.shared(async () => {
    seen.push("read c started");
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(seen).toEqual(["read a started", "read b started"]);
  expect(queue.size).toBe(4);
  b.open();
  await expect(readB).rejects.toThrow("refused");
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(seen).toEqual(["read a started", "read b started", "read b ended"]);
  a.open();
  await Promise.all([readA, write, readC]);
  expect(seen).toEqual([
    "read a started",
    "read b started",
    "read b ended",
    "read a ended",
    "write started",
    "read c started",
  ]);
  expect(queue.size).toBe(0);
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
