/**
 * `npm run summaries:rebuild`: recomputes the summary tables from the orders themselves, on the database
 * the environment names (DATABASE_URL, else PGlite in DATA_DIR). The orders trigger keeps them current;
 * this is for after a restore or a hand edit. Writes to orders wait while it runs (it locks them in share
 * mode), so the totals it writes are exact.
 */
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/open";
import { prepareDatabase } from "../src/server/db/prepare";

const database = await openDatabase(loadConfig());
try {
  await prepareDatabase(database, { seedDemo: false, now: new Date() });
  await database.tx((db) => db.execute(sql`select rebuild_summaries()`));
  console.log("Summaries rebuilt from the orders, their lines, the transactions and the stock movements.");
} finally {
  await database.close();
}
