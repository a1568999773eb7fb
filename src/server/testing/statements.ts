import { observeStatements } from "../db/database";

/** How many SQL statements the app sends while `run` runs (tests of what a request costs). */
export async function countStatements(run: () => Promise<unknown>): Promise<number> {
  let n = 0;
  observeStatements(() => n++);
  try {
    await run();
  } finally {
    observeStatements(undefined);
  }
  return n;
}
