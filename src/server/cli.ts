import type { Backup } from "../contract/backups";
import { loadConfig } from "./config";
import { DataFolderLocked, RestoreRefused } from "./db/adapter";
import { openDatabase } from "./db/open";
import { pgliteTemplateFile, writePgliteTemplate } from "./db/pglite-template";
import { BadBackup } from "./modules/backups/archive";
import { askRunningApp, commandSocketPath } from "./modules/backups/command-socket";
import { restoreBackup } from "./modules/backups/restore";
import { makeBackup } from "./modules/backups/service";

const megabytes = (bytes: number | null) => `${((bytes ?? 0) / 1024 / 1024).toFixed(1)} MB`;

function describe(b: Backup, dir: string): string {
  return [
    `Backup written: ${dir}/${b.fileName} (${megabytes(b.bytes)}, sha256 ${b.sha256}${b.encrypted ? ", encrypted" : ""})`,
    b.offsite === "copied" ? "Copied off-site." : b.offsite === "failed" ? `Warning: ${b.error}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * `npm run backup`: on PGlite asks the app running on DATA_DIR when there is one (it holds the folder),
 * otherwise opens the database itself; on PostgreSQL always opens it (pg_dump reads a snapshot while the app
 * serves).
 */
async function backupCommand(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const answered = await askRunningApp(commandSocketPath(config.dataDir));
    if (answered) return void console.log(describe(answered, config.backups.dir));
  }
  const database = await openDatabase(config).catch((error) => {
    if (!(error instanceof DataFolderLocked)) throw error;
    throw new DataFolderLocked(
      `${error.message}. It backs up on its schedule, and a Director can back up now under Settings.`,
    );
  });
  try {
    const backup = await makeBackup({ database, config, now: () => new Date() }, "command");
    console.log(describe(backup, config.backups.dir));
  } finally {
    await database.close();
  }
}

/** `npm run restore -- FILE [--force]`. */
async function restoreCommand(args: string[]): Promise<void> {
  const force = args.includes("--force");
  const [file] = args.filter((a) => a !== "--force");
  if (!file) throw new RestoreRefused("Usage: npm run restore -- FILE [--force]");
  const config = loadConfig();
  const { manifest, migratedFrom, migratedTo } = await restoreBackup(config, file, force);
  const rows = Object.entries(manifest.rowCounts)
    .map(([table, n]) => `${table} ${n}`)
    .join(", ");
  console.log(
    [
      `Restored the backup of ${manifest.createdAt} (Urithi ${manifest.appVersion}) into ${config.databaseUrl ? "PostgreSQL" : config.dataDir}.`,
      `Rows checked against its manifest: ${rows}.`,
      migratedTo > migratedFrom ? `Migrated forward from ${migratedFrom} to ${migratedTo}.` : "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
}

export const commands: Record<string, (args: string[]) => Promise<void>> = {
  backup: backupCommand,
  restore: restoreCommand,
  // `npm run build`'s last step: the migrated, empty database a new data folder starts from.
  template: async () => {
    await writePgliteTemplate(pgliteTemplateFile);
    console.log(`PGlite template written: ${pgliteTemplateFile}`);
  },
};

/** Errors a person can act on print as one line; anything else with its stack. */
export const expected = (error: unknown) => error instanceof RestoreRefused || error instanceof BadBackup;
