import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { promisify } from "node:util";
import type { DumpFormat } from "../../../contract/backups";

/** What a dump was, beside the file it wrote. */
export interface DumpFacts {
  format: DumpFormat;
  rowCounts: Record<string, number>;
  /** Migrations the database had (rows of drizzle's own table). */
  migrationLevel: number;
}

const identifier = /^[a-z_][a-z0-9_]*$/;

/** One statement counting each table's rows and the migrations applied. */
export function countsQuery(tables: readonly string[]): string {
  for (const t of tables) if (!identifier.test(t)) throw new Error(`Not a table name: ${t}`);
  const counts = tables.map((t) => `(select count(*) from ${t})::int as ${t}`);
  return `select ${[...counts, "(select count(*) from drizzle.__drizzle_migrations)::int as migration_level"].join(", ")}`;
}

export function splitCounts(row: Record<string, number>): Omit<DumpFacts, "format"> {
  const { migration_level: migrationLevel = 0, ...rowCounts } = row;
  return { migrationLevel, rowCounts };
}

/**
 * `pg_dump`/`pg_restore` arguments for `url`: the password goes in the environment (PGPASSWORD), never on a
 * command line others can read.
 */
export function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

export const run = promisify(execFile);

/** A pg_dump or pg_restore that failed says why in its stderr; that, not Node's wrapper, is the message. */
export function toolFailure(tool: string, error: unknown): Error {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  return new Error(`${tool} failed: ${stderr || (error as Error).message}`);
}

/** Whether a folder holds nothing (or does not exist). */
export function emptyFolder(folder: string): boolean {
  try {
    return readdirSync(folder).length === 0;
  } catch {
    return true;
  }
}
