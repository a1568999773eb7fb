import { sql } from "drizzle-orm";
import type { Database } from "../../db/adapter";

/** How old the last database check may be before a health request starts a new one in the background. */
export const PROBE_INTERVAL_MS = 5000;

interface Probe {
  ok: boolean;
  at: number;
  running?: Promise<boolean>;
}
const probes = new WeakMap<Database, Probe>();

function check(database: Database, probe: Probe): Promise<boolean> {
  probe.running ??= database
    .read((db) => db.execute(sql`select 1`))
    .then(
      () => true,
      () => false,
    )
    .then((ok) => {
      Object.assign(probe, { ok, at: Date.now(), running: undefined });
      return ok;
    });
  return probe.running;
}

function probeOf(database: Database): Probe {
  let probe = probes.get(database);
  if (!probe) {
    probe = { ok: false, at: 0 };
    probes.set(database, probe);
  }
  return probe;
}

/**
 * Whether the database answered: from memory when the last check is recent (a health request then costs no
 * database trip), refreshed in the background when it is older, and checked now when `deep` or never.
 */
export function databaseUp(database: Database, deep: boolean): boolean | Promise<boolean> {
  const probe = probeOf(database);
  if (deep || probe.at === 0) return check(database, probe);
  if (Date.now() - probe.at > PROBE_INTERVAL_MS) void check(database, probe);
  return probe.ok;
}

/** Whether the database answers a check started now within `ms` (a check still running counts as no). */
export function databaseAnswersWithin(database: Database, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([check(database, probeOf(database)), late]).finally(() => clearTimeout(timer));
}
