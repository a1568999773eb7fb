import { existsSync } from "node:fs";
import { mkdir, stat, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { and, count, desc, eq, lt, sql } from "drizzle-orm";
import type { Backup, BackupSchedule } from "../../../contract/backups";
import type { Pagination, SortOrder } from "../../../contract/pagination";
import type { Config } from "../../config";
import { type Database, rowsOf } from "../../db/adapter";
import { backups } from "../../db/schema";
import { conflict } from "../../errors";
import { sortBy } from "../../http/list-sort";
import { appVersion } from "../../paths";
import { writeArchive } from "./archive";
import { deleteObject, parseBucket, putFile } from "./offsite";

/** The main tables whose rows each backup counts into its manifest, and a restore checks. */
export const COUNTED_TABLES = [
  "users",
  "customers",
  "inventory_items",
  "stock_batches",
  "stock_positions",
  "stock_movements",
  "orders",
  "order_lines",
  "order_events",
  "payments",
  "transactions",
  "shipments",
  "breeding_records",
  "storage_units",
  "vendors",
  "outbox",
] as const;

/** A backup still "running" this long after it started was left by an instance that died mid-way. */
const ABANDONED_AFTER_MS = 2 * 60 * 60 * 1000;

export interface BackupContext {
  database: Database;
  config: Pick<Config, "backups">;
  now: () => Date;
}

const instance = () => `${hostname()}:${process.pid}`;
const fileNameFor = (at: Date, kind: string) =>
  `urithi-${at
    .toISOString()
    .replace(/[:.]/g, "-")
    .replace(/-\d{3}Z$/, "Z")}-${kind}.backup`;

/**
 * Makes one backup: claims the one running slot (so two instances or a command and the schedule never back
 * up at once), dumps the database with its row counts, writes the archive (encrypted with BACKUP_KEY),
 * copies it off-site, keeps the newest BACKUP_KEEP and records the outcome. A failure is recorded (the
 * Directors are told by the alarm job) and thrown.
 */
export async function makeBackup(ctx: BackupContext, trigger: Backup["trigger"]): Promise<Backup> {
  return (await startBackup(ctx, trigger)).done;
}

/**
 * Claims the running slot now (a conflict when a backup is already being made) and makes the backup in the
 * background: `done` answers it once written, or the failure, which is recorded either way.
 */
export async function startBackup(
  ctx: BackupContext,
  trigger: Backup["trigger"],
): Promise<{ id: number; done: Promise<Backup> }> {
  const startedAt = ctx.now();
  const id = await claim(ctx, trigger, startedAt);
  return { id, done: writeBackup(ctx, id, startedAt) };
}

async function writeBackup(ctx: BackupContext, id: number, startedAt: Date): Promise<Backup> {
  const { dir, key, s3Url } = ctx.config.backups;
  const fileName = fileNameFor(startedAt, ctx.database.kind);
  const target = path.join(dir, fileName);
  const dumpFile = path.join(dir, `.${fileName}.dump`);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const dumped = await ctx.database.dump(dumpFile, COUNTED_TABLES);
    const manifest = await writeArchive(
      dumpFile,
      target,
      {
        format: 1,
        app: "urithi",
        appVersion,
        database: ctx.database.kind,
        dumpFormat: dumped.format,
        migrationLevel: dumped.migrationLevel,
        createdAt: startedAt.toISOString(),
        rowCounts: dumped.rowCounts,
      },
      key,
    );
    let offsite: Backup["offsite"] = "off";
    let offsiteError: string | null = null;
    if (s3Url) {
      try {
        await putFile(parseBucket(s3Url), fileName, target);
        offsite = "copied";
      } catch (error) {
        offsite = "failed";
        offsiteError = `Off-site copy failed: ${(error as Error).message}`;
      }
    }
    const { size } = await stat(target);
    await ctx.database.tx((db) =>
      db
        .update(backups)
        .set({
          status: "ok",
          finishedAt: ctx.now(),
          fileName,
          bytes: size,
          sha256: manifest.payload.sha256,
          encrypted: manifest.encryption !== null,
          offsite,
          error: offsiteError,
        })
        .where(eq(backups.id, id)),
    );
  } catch (error) {
    await unlink(target).catch(() => {});
    await ctx.database
      .tx((db) =>
        db
          .update(backups)
          .set({ status: "failed", finishedAt: ctx.now(), error: (error as Error).message.slice(0, 1000) })
          .where(eq(backups.id, id)),
      )
      .catch(() => {});
    throw error;
  } finally {
    await unlink(dumpFile).catch(() => {});
  }
  // The backup is made and recorded; old files that cannot be removed now are removed next time.
  await prune(ctx).catch(() => {});
  return (await listBackups(ctx, { limit: 1, offset: 0 }, id))[0]!;
}

/** Inserts this backup's running row, after marking abandoned ones failed; a conflict when one runs. */
async function claim(ctx: BackupContext, trigger: Backup["trigger"], at: Date): Promise<number> {
  const id = await ctx.database.tx(async (db) => {
    await db
      .update(backups)
      .set({ status: "failed", finishedAt: at, error: "Abandoned: the instance making it stopped" })
      .where(
        and(
          eq(backups.status, "running"),
          lt(backups.startedAt, new Date(at.getTime() - ABANDONED_AFTER_MS)),
        ),
      );
    const [row] = await db
      .insert(backups)
      .values({ status: "running", trigger, startedAt: at, instance: instance() })
      .onConflictDoNothing({ target: backups.status, where: sql`${backups.status} = 'running'` })
      .returning({ id: backups.id });
    return row?.id;
  });
  if (id === undefined) throw conflict("A backup is already being made. Please wait for it to finish.");
  return id;
}

/** Deletes the files of good backups past the newest BACKUP_KEEP, here and off-site; their rows stay. */
async function prune(ctx: BackupContext): Promise<void> {
  const { dir, keep, s3Url } = ctx.config.backups;
  const old = await ctx.database.read((db) =>
    db
      .select({ id: backups.id, fileName: backups.fileName, offsite: backups.offsite })
      .from(backups)
      .where(and(eq(backups.status, "ok"), sql`${backups.fileName} is not null`))
      .orderBy(desc(backups.startedAt), desc(backups.id))
      .offset(keep),
  );
  for (const b of old) {
    await unlink(path.join(dir, b.fileName!)).catch(() => {});
    if (s3Url && b.offsite === "copied") await deleteObject(parseBucket(s3Url), b.fileName!).catch(() => {});
    await ctx.database.tx((db) =>
      db.update(backups).set({ fileName: null, offsite: "off" }).where(eq(backups.id, b.id)),
    );
  }
}

export async function listBackups(
  ctx: BackupContext,
  page: Pagination & { order?: SortOrder },
  only?: number,
): Promise<Backup[]> {
  const rows = await ctx.database.read((db) =>
    db
      .select()
      .from(backups)
      .where(only === undefined ? undefined : eq(backups.id, only))
      .orderBy(
        ...sortBy(
          { startedAt: backups.startedAt },
          { sort: "startedAt", order: page.order ?? "desc" },
          backups.id,
        ),
      )
      .limit(page.limit)
      .offset(page.offset),
  );
  return rows.map((b) => ({
    id: b.id,
    status: b.status,
    trigger: b.trigger,
    startedAt: b.startedAt.toISOString(),
    finishedAt: b.finishedAt?.toISOString() ?? null,
    fileName: b.fileName,
    bytes: b.bytes,
    sha256: b.sha256,
    encrypted: b.encrypted,
    offsite: b.offsite,
    error: b.error,
    downloadable: b.fileName !== null && existsSync(path.join(ctx.config.backups.dir, b.fileName)),
  }));
}

export const countBackups = (ctx: BackupContext) =>
  ctx.database.read(async (db) => (await db.select({ n: count() }).from(backups))[0]!.n);

export interface BackupTimes {
  lastOk: Date | null;
  lastAttempt: Date | null;
  first: Date | null;
}

/** When the last good backup, the last attempt and the first attempt of all started (null: none). */
export async function backupTimes(database: Database): Promise<BackupTimes> {
  const [row] = await database.read((db) =>
    rowsOf<{ lastOk: number | null; lastAttempt: number | null; first: number | null }>(
      db,
      sql`select (select extract(epoch from max(started_at)) * 1000 from backups where status = 'ok')::float8 as "lastOk",
                 (select extract(epoch from max(started_at)) * 1000 from backups)::float8 as "lastAttempt",
                 (select extract(epoch from min(started_at)) * 1000 from backups)::float8 as first`,
    ),
  );
  const date = (ms: number | null | undefined) => (ms == null ? null : new Date(ms));
  return { lastOk: date(row?.lastOk), lastAttempt: date(row?.lastAttempt), first: date(row?.first) };
}

/**
 * A backup is overdue once two intervals pass without a good one: since the last good one, or since the
 * first attempt when none has ever succeeded.
 */
export function isOverdue(intervalHours: number, times: BackupTimes, now: Date): boolean {
  const since = times.lastOk ?? times.first;
  if (intervalHours === 0 || !since) return false;
  return now.getTime() - since.getTime() > 2 * intervalHours * 3600_000;
}

export async function backupSchedule(ctx: BackupContext): Promise<BackupSchedule> {
  const { intervalHours, keep, key, s3Url } = ctx.config.backups;
  const times = await backupTimes(ctx.database);
  return {
    intervalHours,
    keep,
    encrypted: key !== undefined,
    offsite: s3Url !== undefined,
    lastOkAt: times.lastOk?.toISOString() ?? null,
    overdue: isOverdue(intervalHours, times, ctx.now()),
  };
}
