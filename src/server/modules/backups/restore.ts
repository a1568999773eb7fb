import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BackupManifest } from "../../../contract/backups";
import type { Config } from "../../config";
import {
  applyMigrations,
  countsQuery,
  emptyPostgres,
  movePgliteIntoPostgres,
  RestoreRefused,
  restorePgliteFolder,
  restorePostgresDatabase,
  rowsOf,
  splitCounts,
} from "../../db/adapter";
import { openDatabase } from "../../db/open";
import { migrationCount } from "../../paths";
import { extractDump, readManifest } from "./archive";

export interface Restored {
  manifest: BackupManifest;
  /** Migrations applied after the restore, bringing it to this build's level. */
  migratedFrom: number;
  migratedTo: number;
}

/**
 * Restores a backup into the database the config names (DATABASE_URL, or PGlite in DATA_DIR), which must be
 * empty unless `force`: checks the file's checksum (and key), refuses a backup made by a newer build, loads
 * it, checks that every counted table holds the rows the manifest says, then migrates it forward. A backup
 * of the embedded database restores into PostgreSQL too: the way a growing business moves.
 */
export async function restoreBackup(config: Config, file: string, force: boolean): Promise<Restored> {
  const manifest = await readManifest(file);
  if (manifest.database === "postgres" && !config.databaseUrl) {
    throw new RestoreRefused(
      "This is a PostgreSQL backup: set DATABASE_URL to the database to restore it into",
    );
  }
  const level = migrationCount();
  if (manifest.migrationLevel > level) {
    throw new RestoreRefused(
      `This backup was made by a newer Urithi (migration ${manifest.migrationLevel}; this one has ${level}): restore it with that version or later`,
    );
  }
  const work = await mkdtemp(path.join(tmpdir(), "urithi-restore-"));
  let moved = false;
  try {
    const dumpFile = path.join(work, "dump");
    await extractDump(file, dumpFile, config.backups.key);
    if (manifest.database === "postgres") await restorePostgresDatabase(config.databaseUrl!, dumpFile, force);
    else if (!config.databaseUrl)
      await restorePgliteFolder(path.resolve(config.dataDir, "pgdata"), dumpFile, force);
    else {
      // The embedded database moving to PostgreSQL: opened from the backup, migrated to this build's level
      // with the new database, then copied table by table.
      moved = true;
      await emptyPostgres(config.databaseUrl, force);
      const folder = path.join(work, "pgdata");
      await restorePgliteFolder(folder, dumpFile, false);
      await movePgliteIntoPostgres(folder, config.databaseUrl);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  const database = await openDatabase(config);
  try {
    const tables = Object.keys(manifest.rowCounts);
    const [row] = await database.read((db) => rowsOf<Record<string, number>>(db, countsQuery(tables)));
    const found = splitCounts(row!);
    const differ = tables.filter((t) => found.rowCounts[t] !== manifest.rowCounts[t]);
    if (differ.length > 0 || found.migrationLevel !== (moved ? level : manifest.migrationLevel)) {
      throw new Error(
        `The restored database does not hold what the backup says: ${differ.map((t) => `${t} ${found.rowCounts[t]} (expected ${manifest.rowCounts[t]})`).join(", ") || "its migration level differs"}`,
      );
    }
    await database.exclusive((db) => applyMigrations(database, db));
    return { manifest, migratedFrom: manifest.migrationLevel, migratedTo: level };
  } finally {
    await database.close();
  }
}
