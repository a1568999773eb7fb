import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgliteThread, startPgliteThread } from "./pglite-thread";

let db: PgliteThread;
beforeAll(async () => {
  db = await startPgliteThread(undefined);
  await db.query("create table straws (id int primary key, label text not null)");
});
afterAll(() => db.close());

describe("PGlite on its own thread", () => {
  it("answers rows, and refusals with PostgreSQL's code and constraint, then goes on answering", async () => {
    await db.query("insert into straws values ($1, $2)", [1, "T1-C1-1"]);
    const refused = await db.query("insert into straws values (1, 'again')").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ code: "23505", constraint: "straws_pkey" });
    const { rows } = await db.query("select id, label from straws");
    expect(rows).toEqual([{ id: 1, label: "T1-C1-1" }]);
  });

  it("keeps timestamps as text when asked, as Drizzle's parsers do", async () => {
    const { rows } = await db.query("select '2026-11-24 10:00:00+00'::timestamptz as at", [], {
      rowMode: "array",
      parsers: { 1184: (v: string) => v },
    });
    expect(rows).toEqual([["2026-11-24 10:00:00+00"]]);
  });

  it("rolls a failed transaction back whole", async () => {
    const failed = db.transaction(async (tx) => {
      await tx.query("insert into straws values (2, 'T1-C1-2')");
      await tx.query("insert into straws values (1, 'duplicate')");
    });
    await expect(failed).rejects.toMatchObject({ code: "23505" });
    expect((await db.query("select count(*)::int as n from straws")).rows).toEqual([{ n: 1 }]);
  });

  it("leaves the event loop free while a slow statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await db.query("select pg_sleep(0.3)");
    clearInterval(timer);
    // On the main thread PGlite would hold the loop for the whole 300 ms: no tick at all.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it("refuses queries once closed, instead of waiting forever", async () => {
    const other = await startPgliteThread(undefined);
    await other.close();
    await expect(other.query("select 1")).rejects.toThrow(/closed/);
    await other.close();
  });
});
