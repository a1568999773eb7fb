import type pg from "pg";

/**
 * Which plans a connection's statements get (decision 64). PostgreSQL plans a prepared statement for each
 * call's values until a plan for any values looks no dearer; for a page (its limit and offset) or a range of
 * days that never happens, so such a statement was planned at every call: on PGlite, a millisecond or more of
 * WebAssembly and a file size asked of the operating system for every index of every table it reads. A
 * statement prepared with `planOnce` is run with `plan_cache_mode = force_generic_plan` and planned once per
 * connection. A statement sent with its values (Drizzle's own, a search) is run with `auto`, as before, so
 * its plan still sees them. A prepared statement without `planOnce` runs in either mode.
 *
 * The mode is changed only when a statement needs the other one, by a SET sent just before it. A SET inside
 * a transaction is undone by its ROLLBACK, so after one the mode is not known, and the next statement that
 * cares sets it again. The mode changes plans only, never answers.
 */
export type PlanMode = "generic" | "auto";

const setting: Record<PlanMode, string> = {
  generic: "set plan_cache_mode = force_generic_plan",
  auto: "set plan_cache_mode = auto",
};

const rollback = /^\s*rollback\b/i;
/** A transaction's own statements: nothing to plan. */
const control = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** A connection's plan mode as far as the statements sent on it say. */
export function planModes() {
  // A new connection plans as PostgreSQL's default says.
  let mode: PlanMode | null = "auto";
  return {
    /**
     * The SET to send before statement `text`, which needs `wanted` (none when it is already so or need not
     * be). A transaction's own statements plan nothing; after a rollback the mode is not known.
     */
    before(wanted: PlanMode | undefined, text = ""): string | null {
      if (control.test(text)) {
        if (rollback.test(text)) mode = null;
        return null;
      }
      if (!wanted || wanted === mode) return null;
      mode = wanted;
      return setting[wanted];
    },
    /** The SET itself failed (in a transaction that already failed): the mode is not known. */
    lost(): void {
      mode = null;
    },
  };
}

type Query = pg.PoolClient["query"];

/**
 * A pooled PostgreSQL connection that runs each statement in the plan mode it asks for: `modeOf` says it
 * from the query's config (a prepared statement's name, or none). The SET goes in the same write as the
 * statement (pipelined-client.ts), so it costs no round trip.
 */
export function planModesOn(
  client: pg.PoolClient,
  modeOf: (name: string | undefined) => PlanMode | undefined,
) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const modes = planModes();
  client.query = ((...args: unknown[]) => {
    const config = args[0];
    const text = typeof config === "string" ? config : ((config as { text?: string })?.text ?? "");
    const name = typeof config === "object" ? (config as { name?: string })?.name : undefined;
    const set = modes.before(modeOf(name), text);
    if (set) query(set).catch(() => modes.lost());
    return query(...args);
  }) as Query;
}
