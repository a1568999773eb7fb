import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import { type Database, type Db, together } from "./database";
import { prepared } from "./prepared";

/** Milliseconds spent waiting for the database, by whatever runs inside `databaseTime.run`. */
export interface DatabaseTime {
  ms: number;
  /**
   * Who is writing, as JSON (actor, role, address, browser, request id), when a staff request writes: each
   * transaction it opens tells the audit trail's triggers (`set_config('urithi.audit', …, true)`, which ends
   * with the transaction).
   */
  auditActor?: string;
}

/** Sent by every staff transaction, so prepared: built and planned once per connection. */
const tellActor = prepared<{ actor: string }, never>(
  "audit_actor",
  (p) => sql`select set_config('urithi.audit', ${p.actor}::text, true)`,
);

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
  /** `fn`, first telling the transaction who writes, when a staff request does. */
  const asActor = <T>(fn: (db: Db) => Promise<T>) => {
    const actor = databaseTime.getStore()?.auditActor;
    if (!actor) return fn;
    return async (db: Db) => {
      // Sent, not waited for: it goes in one write with the transaction's first statement (it answers
      // nothing that statement needs, and the database runs them in the order sent).
      const told = tellActor(db, { actor }).then(() => undefined);
      const [, result] = await together([told, fn(db)]);
      return result;
    };
  };
  return {
    ...database,
    tx: wrap((fn) => database.tx(asActor(fn))),
    txEndingWith: wrap((fn) => database.txEndingWith(asActor(fn))),
    read: wrap(database.read),
    statement: wrap(database.statement),
  };
}
