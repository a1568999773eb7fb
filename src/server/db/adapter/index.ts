/**
 * The database adapter: everything that touches PGlite's, node-postgres's or Drizzle's internals is behind
 * this module, and the rest of the server imports only what it exports (a Biome rule refuses the others).
 * Its contract tests (contract.test.ts) run on PGlite and on a PostgreSQL of their own.
 */
export { DataFolderLocked, lockDataFolder } from "./data-lock";
export {
  arrayText,
  type Database,
  type DatabaseKind,
  type DatabaseLoad,
  type Db,
  type Ending,
  instantArray,
  intArray,
  observeStatements,
  rowsOf,
  type Schema,
  together,
} from "./database";
export { countsQuery, type DumpFacts, emptyFolder, splitCounts } from "./dump";
export { isDatabaseUnavailable, postgresErrorOf } from "./errors";
export { applyMigrations } from "./migrate";
export { movePgliteIntoPostgres } from "./move-to-postgres";
export { openPglite } from "./pglite";
export { type ConnectionLog, openPostgres } from "./postgres";
export {
  answerOf,
  columnsOf,
  firstTableRow,
  isoText,
  type Placeholders,
  prepared,
  preparedName,
  sqlKey,
  tableRow,
  textOnce,
} from "./prepared";
export { emptyPostgres, RestoreRefused, restorePgliteFolder, restorePostgresDatabase } from "./restore";
export { type DatabaseTime, databaseTime } from "./timing";
