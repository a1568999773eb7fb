import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { type Database, rowsOf } from "../../db/adapter";

/** Seconds; the top buckets catch a report or a PDF, the bottom ones a cached read. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

export interface Metrics {
  registry: Registry;
  request(method: string, route: string, status: number, seconds: number): void;
  job(name: string, seconds: number, failed: boolean): void;
}

interface Figures {
  outbox_pending: number;
  outbox_oldest: number | null;
  outbox_failed: number;
  mpesa_pending: number;
  backup_age: number | null;
  backup_bytes: number | null;
}

async function readFigures(database: Database): Promise<Figures | null> {
  try {
    const [figures] = await database.read((db) =>
      rowsOf<Figures>(
        db,
        sql`select
              (select count(*)::int from outbox where status = 'pending') as outbox_pending,
              (select extract(epoch from now() - min(created_at))::float8 from outbox where status = 'pending') as outbox_oldest,
              (select count(*)::int from outbox where status = 'failed') as outbox_failed,
              (select count(*)::int from payments where status = 'pending' and method = 'mpesa') as mpesa_pending,
              b.age as backup_age, b.bytes::float8 as backup_bytes
            from (select 1) as one
            left join lateral (
              select extract(epoch from now() - started_at)::float8 as age, bytes from backups
              where status = 'ok' order by started_at desc limit 1
            ) b on true`,
      ),
    );
    return figures ?? null;
  } catch {
    return null;
  }
}

/**
 * One registry per app (tests build many apps in one process). The database's own figures (outbox, M-Pesa
 * prompts, the last backup) are read when scraped, never kept in memory; a database that does not answer
 * sets `urithi_database_up` to 0 and leaves them out.
 */
export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: "urithi_http_request_duration_seconds",
    help: "HTTP requests by method, route and status, and how long they took",
    labelNames: ["method", "route", "status"],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const jobRuns = new Counter({
    name: "urithi_job_runs_total",
    help: "Background job runs by job and outcome",
    labelNames: ["job", "outcome"],
    registers,
  });
  const jobDuration = new Histogram({
    name: "urithi_job_duration_seconds",
    help: "How long each background job run took",
    labelNames: ["job"],
    buckets: JOB_BUCKETS,
    registers,
  });
  new Gauge({
    name: "urithi_db_connections",
    help: "Database connections of this instance by state (PGlite has one)",
    labelNames: ["state"],
    registers,
    collect() {
      const load = database.load();
      this.set({ state: "in_use" }, load.inUse);
      this.set({ state: "idle" }, load.idle);
    },
  });
  new Gauge({
    name: "urithi_db_waiting",
    help: "Work waiting for a database connection (on PGlite, the depth of its one queue)",
    labelNames: ["database"],
    registers,
    collect() {
      this.set({ database: database.kind }, database.load().waiting);
    },
  });

  // One statement per scrape: every gauge below awaits the same read, started by the first to collect.
  let reading: Promise<Figures | null> | null = null;
  const figures = () => {
    reading ??= readFigures(database).finally(() => {
      reading = null;
    });
    return reading;
  };
  const fromDatabase = (name: string, help: string, pick: (f: Figures) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const f = await figures();
        // NaN: not known now (the database did not answer), which no alert mistakes for a good value.
        this.set(f ? pick(f) : Number.NaN);
      },
    });
  new Gauge({
    name: "urithi_database_up",
    help: "1 when the database answered the scrape",
    registers,
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
  fromDatabase("urithi_outbox_pending", "SMS and email waiting to be sent", (f) => f.outbox_pending);
  fromDatabase(
    "urithi_outbox_oldest_pending_seconds",
    "Age of the oldest message waiting to be sent",
    (f) => f.outbox_oldest ?? 0,
  );
  fromDatabase("urithi_outbox_failed", "Messages that failed for good", (f) => f.outbox_failed);
  fromDatabase(
    "urithi_mpesa_pending_prompts",
    "M-Pesa payment prompts not yet answered",
    (f) => f.mpesa_pending,
  );
  fromDatabase(
    "urithi_backup_age_seconds",
    "Seconds since the last good backup (+Inf: none yet)",
    (f) => f.backup_age ?? Number.POSITIVE_INFINITY,
  );
  fromDatabase(
    "urithi_backup_size_bytes",
    "Size of the last good backup (0: none yet)",
    (f) => f.backup_bytes ?? 0,
  );

  return {
    registry,
    request: (method, route, status, seconds) =>
      requests.observe({ method, route, status: String(status) }, seconds),
    job: (name, seconds, failed) => {
      jobRuns.inc({ job: name, outcome: failed ? "failed" : "ok" });
      jobDuration.observe({ job: name }, seconds);
    },
  };
}
