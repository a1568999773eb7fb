import { fromProjectRoot } from "../../paths";
import type { Database, Db } from "./database";

const migrationsFolder = fromProjectRoot("drizzle");

/**
 * Applies the committed drizzle-kit migrations. Call inside `database.exclusive`. Each database's migrator is
 * loaded when asked for: PGlite's code stays out of a server on PostgreSQL (decision 46).
 */
export async function applyMigrations(database: Database, db: Db): Promise<void> {
  if (database.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its driver's own database type
    await migrate(db as any, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: as above
    await migrate(db as any, { migrationsFolder });
  }
}
