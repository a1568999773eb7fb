import path from "node:path";
import type { Config } from "../config";
import { type ConnectionLog, type Database, openPglite, openPostgres } from "./adapter";
import { startingPoint } from "./pglite-template";

/**
 * The database the config names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. A module of
 * its own, so a server's start can open the database before it loads the rest of its code.
 */
export function openDatabase(config: Config, log?: ConnectionLog): Promise<Database> {
  const pgdata = path.resolve(config.dataDir, "pgdata");
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize, log)
    : openPglite(pgdata, startingPoint(pgdata));
}
