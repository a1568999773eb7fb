import { observeStatements } from "../db/database";

/** How many SQL statements the app sends while `run` runs (tests of what a request costs), `counted` ones only if given. */
export async function countStatements(
  run: () => Promise<unknown>,
  counted: (query: string) => boolean = () => true,
): Promise<number> {
  let n = 0;
  observeStatements((query) => {
    if (counted(query)) n++;
  });
  try {
    await run();
  } finally {
    observeStatements(undefined);
  }
  return n;
}

/** Every statement but the rate limits' counts, which a busy address sends only every so many requests. */
export const notRateLimit = (query: string): boolean => !query.startsWith('insert into "rate_limits"');
