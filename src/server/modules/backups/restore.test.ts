import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { BackupManifest } from "../../../contract/backups";
import { loadConfig } from "../../config";
import { RestoreRefused } from "../../db/adapter";
import { migrationCount } from "../../paths";
import { writeArchive } from "./archive";
import { restoreBackup } from "./restore";

const dir = mkdtempSync(path.join(tmpdir(), "urithi-restore-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function backupOf(over: Partial<BackupManifest>): Promise<string> {
  const dump = path.join(dir, `dump-${Math.random()}`);
  writeFileSync(dump, "not looked at: the checks come first");
  const file = path.join(dir, `${Math.random()}.backup`);
  await writeArchive(
    dump,
    file,
    {
      format: 1,
      app: "urithi",
      appVersion: "9.9.9",
      database: "pglite",
      dumpFormat: "pglite-datadir-tgz",
      migrationLevel: migrationCount(),
      createdAt: new Date().toISOString(),
      rowCounts: {},
      ...over,
    },
    undefined,
  );
  return file;
}

describe("a restore", () => {
  const config = loadConfig({ DATA_DIR: path.join(dir, "data") });

  it("refuses a backup made by a newer Urithi, before touching anything", async () => {
    const newer = await backupOf({ migrationLevel: migrationCount() + 1 });
    const refused = restoreBackup(config, newer, false);
    await expect(refused).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refused).rejects.toThrow(
      `This backup was made by a newer Urithi (migration ${migrationCount() + 1}; this one has ${migrationCount()}): restore it with that version or later`,
    );
  });

  it("refuses a PostgreSQL backup without a PostgreSQL database to put it in", async () => {
    const fromServer = await backupOf({ database: "postgres", dumpFormat: "pg-dump-custom" });
    await expect(restoreBackup(config, fromServer, false)).rejects.toThrow(
      "This is a PostgreSQL backup: set DATABASE_URL to the database to restore it into",
    );
  });
});
