import { chmodSync, existsSync, readFileSync, renameSync } from "node:fs";
import { fromProjectRoot } from "../paths";
import { applyMigrations, emptyFolder, openPglite } from "./adapter";

/**
 * The migrated, empty PGlite a new data folder starts from, which `npm run build` keeps beside the built
 * server. PGlite's initdb and the migrations took about 4.5 of a first start's 7 s (decision 37).
 */
export const pgliteTemplateFile = fromProjectRoot("dist", "server", "pglite-template.tgz");

/** A migrated, empty PGlite dumped into `file`, written under another name and renamed once whole. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openPglite();
  try {
    await database.exclusive((db) => applyMigrations(database, db));
    const partial = `${file}.${process.pid}.partial`;
    await database.dump(partial, []);
    renameSync(partial, file);
    chmodSync(file, 0o644);
  } finally {
    await database.close();
  }
}

/**
 * What a data folder starts from: the template when the folder holds nothing yet and the build made one.
 * Migrations newer than the template still run after it, as on any folder.
 */
export function startingPoint(folder: string, template = pgliteTemplateFile): Uint8Array | undefined {
  if (!emptyFolder(folder) || !existsSync(template)) return undefined;
  return readFileSync(template);
}
