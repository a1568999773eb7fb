import type { PGlite, PGliteOptions } from "@electric-sql/pglite";

/**
 * PGlite on a data folder, outside the database's thread (a restore, the move to PostgreSQL), with the
 * extensions the app's migrations use. PGlite's code is loaded here, when one is opened, never at a server's
 * start (decision 46).
 */
export async function pgliteOnFolder(options: Omit<PGliteOptions, "extensions">): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  return new PGlite({ ...options, extensions: { pg_trgm } });
}
