import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import * as schema from "../schema";
import { lockDataFolder } from "./data-lock";
import { type Database, type Db, endingWith, logger, rowsOf } from "./database";
import { countsQuery, splitCounts } from "./dump";
import { startPgliteThread } from "./pglite-thread";
import { SerialQueue } from "./serial-queue";
import { timed } from "./timing";

/**
 * Embedded PGlite; `dataDir` undefined means in memory (tests). Durable mode is kept for orders and money.
 * `loadDataDir` starts it from a copy of another database's folder (a `dump`'s bytes).
 */
export async function openPglite(dataDir?: string, loadDataDir?: Uint8Array): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite takes no lock of its own, and two processes writing one folder corrupt it.
  const lock = dataDir ? lockDataFolder(dataDir) : null;
  let client: Awaited<ReturnType<typeof startPgliteThread>>;
  try {
    client = await startPgliteThread(dataDir, loadDataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  // PGlite's driver is loaded here, not at start, so a server on PostgreSQL never holds it (decision 46).
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
  const db = drizzlePglite({ client: client as unknown as PGlite, schema, logger }) as unknown as Db;
  const queue = new SerialQueue();
  // The next job may start once a transaction has sent its COMMIT or ROLLBACK: the worker takes messages in
  // the order they come, so nothing can reach PGlite inside this transaction, and PGlite need not wait idle
  // for the answer to reach this thread and the next job to be sent.
  const tx = <T>(fn: (db: Db) => Promise<T>) =>
    queue.run((release) => {
      client.onceEnding(release);
      return db.transaction((t) => fn(t as unknown as Db));
    });
  return timed({
    kind: "pglite",
    tx,
    txEndingWith: (fn) => endingWith(tx, fn),
    // Reads queued together run together: outside every transaction each statement stands alone, so theirs
    // may take turns in the worker's queue, and PGlite works on one read's statement while this thread reads
    // another's answer. A transaction still waits for every read before it, and a read for the transaction.
    read: (fn) => queue.shared(() => fn(db)),
    // Sent, it stands in the worker's queue before anything sent later, outside every transaction.
    statement: (fn) =>
      queue.run((release) => {
        const answer = fn(db);
        release();
        return answer;
      }),
    exclusive: (fn) => queue.run(() => fn(db)),
    // Between two jobs of the queue no transaction is open, so the folder's files are a consistent copy.
    // The folder is copied as a plain tar while every statement waits, and gzipped after they go on: at 100k
    // orders the copy took under 2 s and the gzip about 10 (decision 68).
    dump: async (file, tables) => {
      const copy = `${file}.tar`;
      try {
        const facts = await queue.run(async () => {
          const [row] = await rowsOf<Record<string, number>>(db, countsQuery(tables));
          await client.dump(copy);
          return { format: "pglite-datadir-tgz" as const, ...splitCounts(row!) };
        });
        await pipeline(createReadStream(copy), createGzip(), createWriteStream(file, { mode: 0o600 }));
        return facts;
      } finally {
        await rm(copy, { force: true });
      }
    },
    load: () => ({
      inUse: Math.min(queue.size, 1),
      idle: queue.size > 0 ? 0 : 1,
      waiting: Math.max(0, queue.size - 1),
    }),
    close: () => queue.run(() => client.close()).finally(() => lock?.release()),
  });
}
