import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { rowsOf } from "../../src/server/db/adapter";
import { openDatabase } from "../../src/server/db/open";
import { invariantViolations } from "../../src/server/testing/invariants";
import { startServer } from "../e2e/support/global-setup";
import { signIn } from "./http";
import { businessDay } from "./support/business-day";

/**
 * The restore drill, as an operator would run it: a day of business on the demo data, `npm run backup` while
 * clients go on ordering, `npm run restore` into a fresh folder or database, and the app started on it. Every
 * table's rows are equal (the manifest's counts are checked by the restore itself), the invariants hold, and
 * a client signs in and sees the same orders. On the embedded database, and on PostgreSQL when
 * TEST_DATABASE_URL names a server; with both, the embedded database's backup also moves into PostgreSQL.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const KEY = "drill-backup-key-0123456789";
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const cli = promisify(execFile);
async function command(env: Record<string, string>, ...args: string[]): Promise<string> {
  const { stdout } = await cli(process.execPath, ["dist/server/main.js", ...args], {
    env: { ...process.env, ...env, BACKUP_KEY: KEY },
  });
  return stdout;
}
const backupFileOf = (stdout: string) => /Backup written: (\S+\.backup)/.exec(stdout)![1]!;

/** Every table's row count. */
async function tableCounts(env: Record<string, string>): Promise<Record<string, number>> {
  const database = await openDatabase(loadConfig(env));
  try {
    const tables = await database.read((db) =>
      rowsOf<{ name: string }>(
        db,
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      ),
    );
    const [counts] = await database.read((db) =>
      rowsOf<Record<string, number>>(
        db,
        sql.raw(
          `select ${tables.map((t) => `(select count(*) from "${t.name}")::int as "${t.name}"`).join(", ")}`,
        ),
      ),
    );
    expect(await invariantViolations(database)).toEqual([]);
    return counts!;
  } finally {
    await database.close();
  }
}

/** A place to put a database: a data folder, or a new database on the PostgreSQL server. */
async function newTarget(kind: "pglite" | "postgres"): Promise<Record<string, string>> {
  const backups = mkdtempSync(path.join(tmpdir(), "urithi-drill-backups-"));
  cleanup.push(() => rmSync(backups, { recursive: true, force: true }));
  if (kind === "pglite") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "urithi-drill-"));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir, BACKUP_DIR: backups };
  }
  const name = `urithi_drill_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanup.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), BACKUP_DIR: backups };
}

const kinds = ["pglite", ...(adminUrl ? ["postgres" as const] : [])] as const;

describe.each(kinds)("the restore drill on %s", (kind) => {
  it("restores a backup made under load, and one made at rest, into a business that is the same", async () => {
    const original = await newTarget(kind);
    const server = await startServer({ ...original, DEMO_MODE: "on" }, { dataDir: original.DATA_DIR });
    const { clients } = await businessDay(server.baseUrl);
    const farmer = await signIn(server.baseUrl, { ...clients[0]!, client: true });

    // Under load: a farmer goes on ordering while the backup is made.
    const load = { on: true, placed: 0 };
    const ordering = (async () => {
      const items = (await (await farmer.get("/api/client/catalog")).json()) as { id: number }[];
      while (load.on) {
        const res = await farmer.post("/api/client/orders", {
          items: [{ productId: items[load.placed % items.length]!.id, quantity: 1 }],
          deliveryAddress: "Kisumu",
          paymentMethod: "bank",
        });
        if (res.status === 201) load.placed++;
      }
    })();
    const underLoad = backupFileOf(await command(original, "backup"));
    load.on = false;
    await ordering;
    expect(load.placed).toBeGreaterThan(0);
    const ordersSeen = await (await farmer.get("/api/client/orders")).json();
    await server.stop();

    // The backup made under load restores whole: its row counts, taken in its own snapshot, match.
    const loaded = await newTarget(kind);
    const restoredOut = await command(loaded, "restore", underLoad);
    expect(restoredOut).toMatch(/^Restored the backup of .* into /);
    await tableCounts(loaded);

    // At rest: every table equal, then the app serves the same orders to the same farmer.
    const atRest = backupFileOf(await command(original, "backup"));
    const fresh = await newTarget(kind);
    await command(fresh, "restore", atRest);
    expect(await tableCounts(fresh)).toEqual(await tableCounts(original));
    const again = await startServer({ ...fresh, DEMO_MODE: "on" }, { dataDir: fresh.DATA_DIR });
    cleanup.push(() => again.stop());
    const sameFarmer = await signIn(again.baseUrl, { ...clients[0]!, client: true });
    expect(await (await sameFarmer.get("/api/client/orders")).json()).toEqual(ordersSeen);

    // The embedded database's backup moves into PostgreSQL: the path of a business outgrowing one machine.
    if (kind === "pglite" && adminUrl) {
      const grown = await newTarget("postgres");
      expect(await command(grown, "restore", atRest)).toMatch(/into PostgreSQL/);
      expect(await tableCounts(grown)).toEqual(await tableCounts(original));
      // The farmer's orders from the load above are open and unpaid: room for one more.
      const onPostgres = await startServer({ ...grown, DEMO_MODE: "on", MAX_OPEN_UNPAID_ORDERS: "100000" });
      cleanup.push(() => onPostgres.stop());
      const movedFarmer = await signIn(onPostgres.baseUrl, { ...clients[0]!, client: true });
      expect(await (await movedFarmer.get("/api/client/orders")).json()).toEqual(ordersSeen);
      // Its ids and order numbers go on where they stood.
      const next = await movedFarmer.post("/api/client/orders", {
        items: [
          { productId: (await (await movedFarmer.get("/api/client/catalog")).json())[0].id, quantity: 1 },
        ],
        deliveryAddress: "Kisumu",
        paymentMethod: "bank",
      });
      expect(next.status).toBe(201);
      expect((await next.json()).id).toBeGreaterThan(
        Math.max(...ordersSeen.map((o: { id: number }) => o.id)),
      );
    }

    // A restore never overwrites: a folder or database with data is refused without --force, and an
    // embedded folder an app is running on is refused even with it.
    await expect(command(loaded, "restore", atRest)).rejects.toMatchObject({
      stderr: expect.stringMatching(/is not empty: restore into an empty one, or add --force/),
    });
    if (kind === "pglite") {
      await expect(command(fresh, "restore", atRest, "--force")).rejects.toMatchObject({
        stderr: expect.stringMatching(/is in use by process \d+ .*; stop it first/),
      });
    }
  });
});
