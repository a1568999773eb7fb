import { Socket } from "node:net";
import { observeStatements } from "../db/adapter";

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

/**
 * How many writes the app makes to PostgreSQL's sockets while `run` runs: statements sent together share
 * one (`db/adapter/pipelined-client.ts`). Counted where Node hands a socket its buffered chunks, one call per write.
 */
export async function countDatabaseWrites(run: () => Promise<unknown>): Promise<number> {
  const port = Number(new URL(process.env.TEST_DATABASE_URL!).port || 5432);
  const socket = Socket.prototype as unknown as Record<"_write" | "_writev", (...args: unknown[]) => void>;
  const originals = { _write: socket._write, _writev: socket._writev };
  let n = 0;
  for (const key of ["_write", "_writev"] as const) {
    socket[key] = function (this: Socket, ...args: unknown[]) {
      if (this.remotePort === port) n++;
      return originals[key].apply(this, args);
    };
  }
  try {
    await run();
  } finally {
    Object.assign(socket, originals);
  }
  return n;
}
