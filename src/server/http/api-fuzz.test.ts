import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "../../contract/errors";
import { users } from "../db/schema";
import { demoAccounts } from "../db/seed/demo-accounts";
import { sessionCacheOf } from "../modules/auth/session-cache";
import { fuzzArbitrary, type JsonSchema } from "../testing/fuzz/arbitrary";
import { invariantViolations } from "../testing/invariants";
import { clientEmail, createTestApp, staffEmails, type TestApp } from "../testing/test-app";
import { MAX_JSON_DEPTH } from "./json-body";

/**
 * Property-based fuzzing driven by the OpenAPI document: every operation, as every identity, with
 * generated requests (valid and hostile). No answer may be a 5xx, every error has the API's error
 * shape, and the database invariants hold at the end. FUZZ_RUNS sets requests per operation and
 * identity (a short run in `npm test`, `npm run test:fuzz` for the long one); FUZZ_SEED replays one.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

interface Operation {
  method: string;
  path: string;
  params: Record<string, JsonSchema>;
  query: JsonSchema | null;
  body: JsonSchema | null;
  statuses: string[];
}

const identities = ["anonymous", ...Object.keys(staffEmails), "client"] as const;
type Identity = (typeof identities)[number];

let t: TestApp;
let operations: Operation[] = [];
const cookies = new Map<Identity, string>();
let loginCount = 0;

async function signIn(identity: Identity): Promise<void> {
  if (identity === "anonymous") return;
  const email = identity === "client" ? clientEmail : staffEmails[identity as keyof typeof staffEmails];
  // Each sign-in from its own address, so the fuzzer's wrong guesses never throttle the identities.
  const res = await t.app.inject({
    method: "POST",
    url: identity === "client" ? "/api/client-login" : "/api/auth/login",
    payload:
      identity === "client" ? { email, password: "demo1234" } : { username: email, password: "demo1234" },
    remoteAddress: `10.250.${++loginCount % 250}.${Math.floor(loginCount / 250) % 250}`,
  });
  const cookie = res.cookies.find((c) => c.name === "urithi_sid");
  if (!cookie) throw new Error(`fuzz identity ${identity} could not sign in: ${res.statusCode} ${res.body}`);
  cookies.set(identity, `urithi_sid=${cookie.value}`);
}

/** The demo staff as seeded (role, active), and every identity signed in again whose session ended. */
async function restoreIdentities(): Promise<void> {
  await t.database.tx(async (db) => {
    for (const account of demoAccounts) {
      await db
        .update(users)
        .set({ role: account.role, isActive: true })
        .where(eq(users.email, account.email));
    }
  });
  sessionCacheOf(t.database).forget();
  for (const identity of identities) {
    if (identity === "anonymous") continue;
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { cookie: cookies.get(identity)! },
    });
    if (me.statusCode === 401) await signIn(identity);
  }
}

function readOperations(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as {
        in: string;
        name: string;
        schema: JsonSchema;
        required?: boolean;
      }[];
      const inQuery = parameters.filter((p) => p.in === "query");
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content?.["application/json"]?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: Object.fromEntries(parameters.filter((p) => p.in === "path").map((p) => [p.name, p.schema])),
        query:
          inQuery.length === 0
            ? null
            : {
                type: "object",
                properties: Object.fromEntries(inQuery.map((p) => [p.name, p.schema])),
                required: inQuery.filter((p) => p.required).map((p) => p.name),
              },
        body: body ?? null,
        statuses: Object.keys((op.responses ?? {}) as object),
      });
    }
  }
  return ops;
}

const hostileSegments = [
  "0",
  "-1",
  "2147483648",
  "99999999999999999999",
  "abc",
  "1e3",
  "%00",
  "%E2%80%AE",
  "1.5",
];

function requestArbitrary(op: Operation) {
  const params = fc.record(
    Object.fromEntries(
      Object.keys(op.params).map((name) => [
        name,
        fc.oneof(
          { weight: 4, arbitrary: fc.integer({ min: 1, max: 60 }).map(String) },
          { weight: 1, arbitrary: fc.constantFrom(...hostileSegments) },
        ),
      ]),
    ),
  );
  const query = op.query ? fuzzArbitrary(op.query) : fc.constant(undefined);
  const body: fc.Arbitrary<Body | undefined> = op.body
    ? fc.oneof(
        { weight: 12, arbitrary: fuzzArbitrary(op.body).map((json) => ({ json })) },
        { weight: 3, arbitrary: hostileBody },
      )
    : fc.constant(undefined);
  return fc.record({ params, query, body });
}

/** A body sent as generated (`json`), or as these exact bytes (`raw`). */
type Body = { json: unknown } | { raw: string };

/**
 * Bodies no schema describes: broken JSON, nesting past MAX_JSON_DEPTH (bare, as objects, or under a real
 * field), and one past the 1 MB body limit.
 */
const hostileBody: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({ raw: "{not json" }),
  fc.integer({ min: MAX_JSON_DEPTH + 1, max: 20_000 }).map((n) => ({ raw: "[".repeat(n) + "]".repeat(n) })),
  fc
    .integer({ min: MAX_JSON_DEPTH + 1, max: 20_000 })
    .map((n) => ({ raw: `${'{"a":'.repeat(n)}1${"}".repeat(n)}` })),
  fc
    .integer({ min: MAX_JSON_DEPTH, max: 5_000 })
    .map((n) => ({ raw: `{"items":${"[".repeat(n)}${"]".repeat(n)},"name":"x"}` })),
  fc.constant({ raw: `{"notes":"${"a".repeat(1024 * 1024 + 10)}"}` }),
);

function toQueryString(query: unknown): string {
  if (query === null || typeof query !== "object" || Array.isArray(query)) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    search.append(key, typeof value === "object" && value !== null ? JSON.stringify(value) : String(value));
  }
  const qs = search.toString();
  return qs ? `?${qs}` : "";
}

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  operations = readOperations((await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json());
  for (const identity of identities) await signIn(identity);
}, 300_000);
afterAll(() => t.close());

describe("fuzzing every operation from the OpenAPI document", () => {
  it("finds the operations", () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it(`answers no 5xx and only well-formed errors, ${RUNS} requests per operation and identity`, async () => {
    const failures: string[] = [];
    for (const op of operations) {
      for (const identity of identities) {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(op), async (req) => {
            const url =
              op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(req.params[name] ?? "1")) +
              toQueryString(req.query);
            const payload =
              req.body === undefined
                ? undefined
                : "raw" in req.body
                  ? req.body.raw
                  : JSON.stringify(req.body.json);
            const res = await t.app.inject({
              method: op.method as "GET",
              url,
              headers: {
                ...(cookies.get(identity) ? { cookie: cookies.get(identity)! } : {}),
                ...(payload !== undefined ? { "content-type": "application/json" } : {}),
              },
              ...(payload !== undefined ? { payload } : {}),
            });
            const where = `${op.method} ${url} as ${identity} with ${payload?.slice(0, 300)}`;
            if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 300)}`);
            else if (res.statusCode >= 400) {
              const parsed = apiErrorSchema.safeParse(safeJson(res.body));
              if (!parsed.success)
                failures.push(`malformed ${res.statusCode} error ${where}: ${res.body.slice(0, 200)}`);
            } else if (op.statuses.length > 0 && !op.statuses.includes(String(res.statusCode))) {
              failures.push(`undeclared ${res.statusCode} ${where}`);
            }
            // A Director's staff routes may have re-roled or deactivated the identities themselves.
            if (op.path.startsWith("/api/staff") && identity === "director") await restoreIdentities();
            // Routes that end sessions (logout, ending one's sessions) may have signed this identity out.
            if (op.path.startsWith("/api/auth/") && identity !== "anonymous") {
              const me = await t.app.inject({
                method: "GET",
                url: "/api/auth/me",
                headers: { cookie: cookies.get(identity)! },
              });
              if (me.statusCode === 401) await signIn(identity);
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
    }
    expect(failures.slice(0, 40)).toEqual([]);
    expect(await invariantViolations(t.database)).toEqual([]);
  }, 1_800_000);
});

function encodeSegment(value: string): string {
  return /^%/.test(value) ? value : encodeURIComponent(value);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
