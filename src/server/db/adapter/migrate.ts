import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { fromProjectRoot } from "../../paths";
import type { Database, Db } from "./database";

const migrationsFolder = fromProjectRoot("drizzle");

/** Applies the committed drizzle-kit migrations. Call inside `database.exclusive`. */
export async function applyMigrations(database: Database, db: Db): Promise<void> {
  if (database.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its driver's own database type
    await migratePglite(db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    await migratePg(db as any, { migrationsFolder });
  }
}
