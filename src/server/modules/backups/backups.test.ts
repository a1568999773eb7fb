import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/adapter";
import { backups, outbox } from "../../db/schema";
import { freePort } from "../../testing/ports";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { BadBackup, extractDump, readManifest, writeArchive } from "./archive";
import { getObject, parseBucket } from "./offsite";
import { alarmBackups, scheduledBackup } from "./schedule";
import { type BackupContext, COUNTED_TABLES, makeBackup } from "./service";

let t: TestApp;
let dir: string;
let s3: S3rver;
let s3Url: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), "urithi-backups-"));
  const port = await freePort();
  s3 = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(dir, "s3"),
    configureBuckets: [{ name: "urithi-backups", configs: [] }],
  });
  await s3.run();
  s3Url = `http://S3RVER:S3RVER@127.0.0.1:${port}/urithi-backups/shop-one`;
});
afterAll(async () => {
  await s3.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

function context(over: Partial<BackupContext["config"]["backups"]> = {}): BackupContext {
  return {
    database: t.database,
    config: {
      backups: {
        dir: path.join(dir, "files"),
        key: undefined,
        intervalHours: 6,
        keep: 28,
        s3Url: undefined,
        ...over,
      },
    },
    now: () => t.clock.now(),
  };
}

const countsNow = () =>
  t.database.read((db) =>
    rowsOf<Record<string, number>>(
      db,
      sql.raw(
        `select ${COUNTED_TABLES.map((name) => `(select count(*) from ${name})::int as ${name}`).join(", ")}`,
      ),
    ),
  );

describe("a backup", () => {
  it("holds the whole database with its row counts and migration level, and is recorded", async () => {
    const made = await makeBackup(context(), "manual");
    expect(made).toMatchObject({
      status: "ok",
      trigger: "manual",
      encrypted: false,
      offsite: "off",
      downloadable: true,
    });
    const file = path.join(dir, "files", made.fileName!);
    const manifest = await readManifest(file);
    expect(manifest).toMatchObject({
      format: 1,
      app: "urithi",
      database: t.database.kind,
      dumpFormat: t.database.kind === "pglite" ? "pglite-datadir-tgz" : "pg-dump-custom",
    });
    expect(manifest.rowCounts).toEqual((await countsNow())[0]);
    expect(manifest.rowCounts.orders).toBeGreaterThan(0);
    const [migrations] = await t.database.read((db) =>
      rowsOf<{ level: number }>(db, sql`select count(*)::int as level from drizzle.__drizzle_migrations`),
    );
    expect(manifest.migrationLevel).toBe(migrations!.level);
    expect(made.bytes).toBe(readFileSync(file).length);
    expect(made.sha256).toBe(manifest.payload.sha256);
    // No dump or partial file is left beside it.
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(existsSync(path.join(dir, "files", `.${made.fileName}.dump`))).toBe(false);
  });

  it("is made one at a time: a second asked for meanwhile is refused", async () => {
    const outcomes = await Promise.allSettled([
      makeBackup(context(), "manual"),
      makeBackup(context(), "manual"),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe("A backup is already being made. Please wait for it to finish.");
  });

  it("keeps only the newest BACKUP_KEEP files", async () => {
    const keep = context({ keep: 2 });
    const made = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(60_000);
      made.push(await makeBackup(keep, "manual"));
    }
    const files = await t.database.read((db) =>
      db.select({ id: backups.id, fileName: backups.fileName }).from(backups).where(eq(backups.status, "ok")),
    );
    const kept = files.filter((f) => f.fileName !== null).map((f) => f.id);
    expect(kept.sort()).toEqual([made[1]!.id, made[2]!.id].sort());
    for (const f of files.filter((f) => f.fileName === null)) expect(f.id).not.toBe(made[2]!.id);
  });
});

describe("a backup file", () => {
  const dump = () => {
    const file = path.join(dir, `dump-${Math.random()}`);
    writeFileSync(file, Buffer.from("the database, in some format ".repeat(5000)));
    return file;
  };
  const manifest = {
    format: 1 as const,
    app: "urithi" as const,
    appVersion: "0.1.0",
    database: "pglite" as const,
    dumpFormat: "pglite-datadir-tgz" as const,
    migrationLevel: 35,
    createdAt: new Date().toISOString(),
    rowCounts: { orders: 3 },
  };

  it("is encrypted with BACKUP_KEY and opens only with it", async () => {
    const source = dump();
    const file = path.join(dir, "encrypted.backup");
    const written = await writeArchive(source, file, manifest, "a-backup-key-of-sixteen+");
    expect(written.encryption?.algorithm).toBe("aes-256-gcm");
    expect(readFileSync(file).includes(Buffer.from("the database"))).toBe(false);
    const out = path.join(dir, "decrypted");
    await extractDump(file, out, "a-backup-key-of-sixteen+");
    expect(readFileSync(out).equals(readFileSync(source))).toBe(true);
    await expect(extractDump(file, out, "another-key-of-sixteen+")).rejects.toThrow(
      "BACKUP_KEY does not open this backup: it was made with another key",
    );
    await expect(extractDump(file, out, undefined)).rejects.toThrow("This backup is encrypted");
  });

  it("is refused when a byte has changed, when cut short, or when it is not a backup", async () => {
    for (const key of [undefined, "a-backup-key-of-sixteen+"]) {
      const file = path.join(dir, `tampered-${key ? "encrypted" : "plain"}.backup`);
      await writeArchive(dump(), file, manifest, key);
      const bytes = readFileSync(file);
      bytes[1000] = bytes[1000]! ^ 0xff;
      writeFileSync(file, bytes);
      const refused = extractDump(file, path.join(dir, "out"), key);
      await expect(refused).rejects.toBeInstanceOf(BadBackup);
      await expect(refused).rejects.toThrow(/is damaged: its checksum does not match its manifest/);
    }
    const cut = path.join(dir, "cut.backup");
    await writeArchive(dump(), cut, manifest, undefined);
    writeFileSync(cut, readFileSync(cut).subarray(5000));
    await expect(readManifest(cut)).rejects.toThrow(/is damaged/);
    const other = path.join(dir, "notes.txt");
    writeFileSync(other, "not a backup at all, but long enough to have a trailer");
    await expect(readManifest(other)).rejects.toThrow(`${other} is not an Urithi backup`);
  });
});

describe("the off-site copy", () => {
  it("goes to an S3-compatible bucket, and leaves with the local file when pruned", async () => {
    const offsite = context({ s3Url, keep: 1 });
    t.clock.advance(60_000);
    const first = await makeBackup(offsite, "manual");
    expect(first.offsite).toBe("copied");
    const stored = await getObject(parseBucket(s3Url), first.fileName!);
    expect(stored.equals(readFileSync(path.join(dir, "files", first.fileName!)))).toBe(true);
    t.clock.advance(60_000);
    await makeBackup(offsite, "manual");
    await expect(getObject(parseBucket(s3Url), first.fileName!)).rejects.toThrow(/answered 404/);
  });

  it("that fails leaves a good local backup, marked, and the Directors are told once", async () => {
    const badKeys = s3Url.replace("S3RVER:S3RVER", "NOT-A-KEY:S3RVER");
    t.clock.advance(60_000);
    const made = await makeBackup(context({ s3Url: badKeys }), "manual");
    expect(made).toMatchObject({ status: "ok", offsite: "failed", downloadable: true });
    expect(made.error).toMatch(/^Off-site copy failed: S3 PUT .* answered 403 InvalidAccessKeyId/);
    const before = await alarmCount();
    expect(await alarmBackups(t.ctx)).toBe(1);
    const told = (await alarmCount()) - before;
    expect(told).toBeGreaterThan(0);
    expect(await alarmBackups(t.ctx)).toBe(0);
    expect((await alarmCount()) - before).toBe(told);
  });
});

const alarmCount = async () =>
  (
    await t.database.read((db) =>
      db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.kind, "backup_alarm")),
    )
  )[0]!.n;

describe("the schedule", () => {
  it("backs up when the interval has passed, retries a failure after a while, and alarms when overdue", async () => {
    const config = t.ctx.config;
    const original = config.backups;
    try {
      config.backups = { ...original, dir: path.join(dir, "scheduled"), intervalHours: 6 };
      t.clock.advance(7 * 3600_000);
      expect(await scheduledBackup(t.ctx)).toBe(1);
      expect(await scheduledBackup(t.ctx)).toBe(0);
      t.clock.advance(5 * 3600_000);
      expect(await scheduledBackup(t.ctx)).toBe(0);
      t.clock.advance(3600_000 + 1000);
      expect(await scheduledBackup(t.ctx)).toBe(1);

      // A folder that cannot be written: the backup fails, is recorded and told, and is tried again later.
      const blocked = path.join(dir, "a-file-not-a-folder");
      writeFileSync(blocked, "");
      config.backups = { ...config.backups, dir: blocked };
      t.clock.advance(6 * 3600_000 + 1000);
      await expect(scheduledBackup(t.ctx)).rejects.toThrow();
      const [failed] = await t.database.read((db) =>
        db.select().from(backups).where(eq(backups.status, "failed")).orderBy(sql`id desc`).limit(1),
      );
      expect(failed!.error).toMatch(/EEXIST|ENOTDIR/);
      expect(await scheduledBackup(t.ctx)).toBe(0);
      const before = await alarmCount();
      expect(await alarmBackups(t.ctx)).toBe(1);
      expect(await alarmCount()).toBeGreaterThan(before);

      // Two intervals without a good one: overdue, told once a day.
      t.clock.advance(7 * 3600_000);
      await expect(scheduledBackup(t.ctx)).rejects.toThrow();
      await alarmBackups(t.ctx);
      const overdue = await t.database.read((db) =>
        db
          .select({ body: outbox.body })
          .from(outbox)
          .where(sql`${outbox.kind} = 'backup_alarm' and ${outbox.dedupeKey} like 'backup-overdue:%'`),
      );
      expect(overdue.length).toBeGreaterThan(0);
      expect(overdue[0]!.body).toMatch(/no good backup since/);
      const afterOverdue = await alarmCount();
      await alarmBackups(t.ctx);
      expect(await alarmCount()).toBe(afterOverdue);
    } finally {
      config.backups = original;
    }
  });
});
