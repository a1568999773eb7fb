import { AsyncLocalStorage } from "node:async_hooks";
import type { Database } from "./database";

/** Milliseconds spent waiting for the database, by whatever runs inside `databaseTime.run`. */
export interface DatabaseTime {
  ms: number;
}

/** A request runs inside it (request-log.ts), so its slow-request line can say how long it waited. */
export const databaseTime = new AsyncLocalStorage<DatabaseTime>();

/**
 * `database` with the time each call takes added to the caller's `databaseTime` (calls outside one, such as
 * jobs', add nothing). Overlapping calls each count, so work that waits for two at once may report more
 * database time than it lasted.
 */
export function timed(database: Database): Database {
  const wrap =
    <A extends unknown[], T>(call: (...args: A) => Promise<T>) =>
    (...args: A): Promise<T> => {
      const store = databaseTime.getStore();
      if (!store) return call(...args);
      const started = performance.now();
      return call(...args).finally(() => {
        store.ms += performance.now() - started;
      });
    };
  return {
    ...database,
    tx: wrap(database.tx),
    txEndingWith: wrap(database.txEndingWith),
    read: wrap(database.read),
    statement: wrap(database.statement),
  };
}
