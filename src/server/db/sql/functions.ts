import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fromProjectRoot } from "../../paths";

/**
 * The database's SQL functions, each with one current source: `src/server/db/sql/<name>.sql`. A migration
 * that changes one copies its file (`npm run db:functions` writes that migration), and functions.test.ts
 * checks that every file is what the migrations last defined, so the migrations never hold a newer or an
 * older copy than the file.
 */
export const functionsFolder = fromProjectRoot("src/server/db/sql");

/** A definition: from CREATE FUNCTION through its $$-quoted body to the semicolon that ends it. */
const definition = /CREATE (?:OR REPLACE )?FUNCTION "([a-z_0-9]+)"[^$]*\$\$[\s\S]*?\$\$[^;]*;/gi;

/**
 * One definition as compared: runs of white space made one space, and CREATE as CREATE OR REPLACE (the files
 * say OR REPLACE, so a migration copied from one replaces the function the database has).
 */
export const normalised = (text: string): string =>
  text
    .replace(/\s+/g, " ")
    .replace(/^CREATE FUNCTION /i, "CREATE OR REPLACE FUNCTION ")
    .trim();

/** A function dropped: it has no current source until a later migration defines it again. */
const dropped = /DROP FUNCTION (?:IF EXISTS )?"([a-z_0-9]+)"/gi;

/** Each function's last definition in the migrations, in the order they run; none for one dropped since. */
export function migrationFunctions(): Map<string, string> {
  const folder = fromProjectRoot("drizzle");
  const last = new Map<string, string>();
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const text = readFileSync(path.join(folder, file), "utf8");
    const changes = [...text.matchAll(definition), ...text.matchAll(dropped)].sort(
      (a, b) => a.index - b.index,
    );
    for (const match of changes) {
      if (match[0].toUpperCase().startsWith("DROP")) last.delete(match[1]!);
      else last.set(match[1]!, match[0]);
    }
  }
  return last;
}

/** Each function's source file. */
export function functionFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of readdirSync(functionsFolder)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    files.set(file.replace(/\.sql$/, ""), readFileSync(path.join(functionsFolder, file), "utf8").trim());
  }
  return files;
}
