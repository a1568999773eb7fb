import { z } from "zod";
import { paginationQuery, sortQuery } from "./pagination";

/** How the database inside a backup was copied: PGlite's data folder as a gzipped tar, or `pg_dump -Fc`. */
export const dumpFormats = ["pglite-datadir-tgz", "pg-dump-custom"] as const;
export type DumpFormat = (typeof dumpFormats)[number];

/**
 * What a backup file carries at its end: enough to check it and to know where it fits before restoring
 * anything. `payload.sha256` is over the bytes as stored (encrypted, when `encryption` is set).
 */
export const backupManifestSchema = z.object({
  format: z.literal(1),
  app: z.literal("urithi"),
  appVersion: z.string(),
  database: z.enum(["pglite", "postgres"]),
  dumpFormat: z.enum(dumpFormats),
  /** How many migrations the database had: a restore refuses a backup newer than its app. */
  migrationLevel: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** The main tables' rows, counted in the same snapshot the dump was taken from. */
  rowCounts: z.record(z.string(), z.number().int().nonnegative()),
  payload: z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  encryption: z
    .object({
      algorithm: z.literal("aes-256-gcm"),
      kdf: z.literal("scrypt"),
      salt: z.string(),
      iv: z.string(),
      tag: z.string(),
    })
    .nullable(),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const backupStatuses = ["running", "ok", "failed"] as const;
export type BackupStatus = (typeof backupStatuses)[number];
export const backupTriggers = ["schedule", "manual", "command"] as const;
/** Off-site: copied to BACKUP_S3_URL, failed to, or not configured. */
export const backupOffsiteStates = ["copied", "failed", "off"] as const;

/** One backup as the Directors' settings list it. */
export const backupSchema = z.object({
  id: z.number().int(),
  status: z.enum(backupStatuses),
  trigger: z.enum(backupTriggers),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  fileName: z.string().nullable(),
  bytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  encrypted: z.boolean(),
  offsite: z.enum(backupOffsiteStates),
  error: z.string().nullable(),
  /** Whether this instance can send the file (it is in its BACKUP_DIR). */
  downloadable: z.boolean(),
});
export type Backup = z.infer<typeof backupSchema>;

/** Newest first, by when each started (indexed). */
export const backupListQuery = paginationQuery.extend(sortQuery(["startedAt"], "startedAt"));

/** The schedule as configured, beside the list. */
export const backupSchedule = z.object({
  intervalHours: z.number(),
  keep: z.number().int(),
  encrypted: z.boolean(),
  offsite: z.boolean(),
  lastOkAt: z.string().nullable(),
  overdue: z.boolean(),
});
export type BackupSchedule = z.infer<typeof backupSchedule>;
