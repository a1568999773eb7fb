/** The PostgreSQL error (SQLSTATE and constraint) under a driver's or Drizzle's wrapper, if any. */
export function postgresErrorOf(
  error: unknown,
): { code: string; constraint?: string; detail?: string } | null {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      const { constraint, detail } = e as { constraint?: string; detail?: string };
      return { code, constraint, detail };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** SQLSTATEs of a server that is shutting down or starting up, or of a lost connection (class 08). */
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
/** Socket errors of a server that went away or cannot be reached. */
const LOST_SOCKET = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres says these in words only. */
const LOST_WORDS =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|The database is closed/;

/**
 * Whether `error` (or what it wraps) says the database cannot be reached now, rather than that it refused a
 * statement: the request may be tried again in a few seconds.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_STATES.test(code) || LOST_SOCKET.has(code))) return true;
    if (typeof message === "string" && LOST_WORDS.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
