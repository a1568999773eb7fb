import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp, type ServerTimeouts } from "../app";
import { ManualClock } from "../clock";
import { type Config, loadConfig } from "../config";
import type { AppContext } from "../context";
import { type Database, openPostgres, rowsOf } from "../db/adapter";
import { prepareDatabase } from "../db/prepare";
import { inventoryItems, outbox, users } from "../db/schema";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import { hashPassword } from "../modules/auth/passwords";
import { transportsFor } from "../modules/notifications/channels";
import { DarajaClient } from "../modules/payments/daraja";
import { nairobiDate } from "../time";
import { signupPayload } from "./signup";
import { openTestDatabase } from "./test-database";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  /** The same database, config and clock the app uses, for calling services and jobs directly. */
  ctx: AppContext;
  /** http://127.0.0.1:port when started with `listen`. */
  baseUrl: string | null;
  close(): Promise<void>;
}

/** The real app on a fresh database (seeded with the demo data unless `seed: false`), with a hand-set clock. */
export async function createTestApp(
  options: {
    seed?: boolean;
    /** The demo catalogue and its service history (PrepareOptions.demoCatalogue); on by default. */
    demoCatalogue?: boolean;
    env?: Record<string, string>;
    listen?: boolean;
    timeouts?: ServerTimeouts;
    webRoot?: string | null;
  } = {},
): Promise<TestApp> {
  const clock = new ManualClock(new Date());
  const backupDir = mkdtempSync(path.join(tmpdir(), "urithi-test-backups-"));
  // Tests send thousands of requests from one address in moments; the rate-limit tests set their own ceiling.
  const config = loadConfig({
    NODE_ENV: "test",
    RATE_LIMIT_PER_MINUTE: "1000000",
    // Tests call the backup job themselves, with a folder of their own.
    BACKUP_INTERVAL_HOURS: "0",
    BACKUP_DIR: backupDir,
    ORDERS_PER_MINUTE: "1000000",
    ...options.env,
  });
  // The demo data as seeded (with its catalogue) comes from the run's seeded template.
  const seeded = (options.seed ?? true) && (options.demoCatalogue ?? true);
  const database = await openTestDatabase({ seeded });
  await prepareDatabase(database, {
    seedDemo: options.seed ?? true,
    demoCatalogue: options.demoCatalogue,
    now: clock.now(),
  });
  const transports = transportsFor(config);
  const app = await buildApp({
    database,
    config,
    clock,
    transports,
    webRoot: options.webRoot ?? null,
    timeouts: options.timeouts,
  });
  await app.ready();
  let baseUrl: string | null = null;
  if (options.listen) {
    // A real port, so the M-Pesa simulator's callbacks reach the app over HTTP as Daraja's would.
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = address;
    if (config.mpesa.mode === "simulator") config.mpesa.apiUrl = `${address}/mpesa-sim`;
    if (config.etims.mode === "simulator") {
      config.etims.apiUrl = `${address}/etims-sim/etims-api`;
      config.etims.receiptCheckUrl = config.etims.receiptCheckUrl.replace(
        /^http:\/\/127\.0\.0\.1:\d+/,
        address,
      );
    }
    config.mpesa.callbackBaseUrl = address;
  }
  return {
    app,
    database,
    clock,
    config,
    ctx: {
      database,
      config,
      clock,
      daraja: new DarajaClient(config.mpesa, () => clock.now()),
      transports,
    },
    baseUrl,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(backupDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie a sign-in answer set, as a cookie header for later requests. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  // urithi_sid, or __Host-urithi_sid in production.
  const cookie = response.cookies.find((c) => c.name.endsWith("urithi_sid"));
  if (!cookie) throw new Error("no session cookie");
  return `${cookie.name}=${cookie.value}`;
}

async function signIn(app: FastifyInstance, url: string, payload: object): Promise<string> {
  const response = await app.inject({ method: "POST", url, payload });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookieOf(response);
}

/** Signs a staff member in through the real route; answers the cookie header for later requests. */
export const loginAs = (app: FastifyInstance, email: string, password = DEMO_PASSWORD) =>
  signIn(app, "/api/auth/login", { username: email, password });

/** Signs a client in through the real route; answers the cookie header for later requests. */
export const loginClient = (app: FastifyInstance, email: string, password = DEMO_PASSWORD) =>
  signIn(app, "/api/client-login", { email, password });

export const staffEmails = {
  director: "director1@urithi.co.ke",
  chief_scientist: "scientist@urithi.co.ke",
  sales_manager: "sales@urithi.co.ke",
  lab_technician: "lab@urithi.co.ke",
  logistics_coordinator: "logistics@urithi.co.ke",
  field_technician: "field@urithi.co.ke",
} as const;
export const clientEmail = "client@urithi.co.ke";

/** Request helpers that send one user's session cookie. */
export function asUser(app: FastifyInstance, cookie: string) {
  const send = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    cookie,
    get: (url: string) => send("GET", url),
    post: (url: string, payload: unknown) => send("POST", url, payload),
    put: (url: string, payload: unknown) => send("PUT", url, payload),
    patch: (url: string, payload: unknown) => send("PATCH", url, payload),
    del: (url: string) => send("DELETE", url),
  };
}

/**
 * Another app instance on the same database: on PostgreSQL a second, independent pool and app; PGlite
 * has one connection, so there the "instance" shares the first one's database and its queue.
 */
export async function secondInstance(
  t: TestApp,
): Promise<{ database: Database; app: FastifyInstance; close: () => Promise<void> }> {
  let database = t.database;
  if (t.database.kind === "postgres") {
    const [current] = await t.database.read((db) =>
      rowsOf<{ name: string }>(db, "select current_database() as name"),
    );
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${current!.name}`;
    database = await openPostgres(url.toString(), 5);
  }
  const app = await buildApp({ database, config: t.config, clock: t.clock, webRoot: null });
  await app.ready();
  return {
    database,
    app,
    close: async () => {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}

/** A client signup body (SPEC's payload) for this email and password. */
export { signupPayload } from "./signup";

let clientSerial = 0;
/**
 * A client account of the test's own, signed up through the real route (from an address of its own, so
 * signup's per-address limit never meets another test) and signed in: its email, mobile (+254…), password
 * and request helpers. `extra` overrides signup fields (language, marketingConsent …).
 */
export async function newClientAccount(app: FastifyInstance, extra: Record<string, unknown> = {}) {
  clientSerial += 1;
  const unique = `${Date.now()}${clientSerial}`;
  const email = `farmer.${unique}@example.co.ke`;
  const phone = `+2547${unique.slice(-8).padStart(8, "0")}`;
  const password = "mbegu-bora-2026";
  const res = await app.inject({
    method: "POST",
    url: "/api/client-signup",
    payload: { ...signupPayload(email, password), phone, ...extra },
    remoteAddress: `10.99.${clientSerial % 250}.${Math.floor(clientSerial / 250) + 1}`,
  });
  if (res.statusCode !== 201) throw new Error(`signup answered ${res.statusCode}: ${res.body}`);
  return { email, phone, password, client: asUser(app, await loginClient(app, email, password)) };
}

/** The 6-digit code in the newest SMS of `kind` to `phone` (E.164), as the farmer reads it. */
export async function textedCode(
  database: Database,
  phone: string,
  kind: (typeof outbox.$inferSelect)["kind"],
): Promise<string> {
  const [sms] = await database.read((db) =>
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), eq(outbox.kind, kind)))
      .orderBy(desc(outbox.id))
      .limit(1),
  );
  const code = sms && /\b(\d{6})\b/.exec(sms.body)?.[1];
  if (!code) throw new Error(`no ${kind} texted to ${phone}`);
  return code;
}

/** A farmer who signed up with their mobile alone (no email, no password), signed in. */
export async function newPhoneFarmer(app: FastifyInstance, database: Database) {
  clientSerial += 1;
  const phone = `+2547${`${Date.now()}${clientSerial}`.slice(-8)}`;
  const remoteAddress = `10.98.${clientSerial % 250}.${Math.floor(clientSerial / 250) + 1}`;
  const post = (url: string, payload: object) => app.inject({ method: "POST", url, payload, remoteAddress });
  const started = await post("/api/auth/phone/start", { phone });
  if (started.statusCode !== 202)
    throw new Error(`phone start answered ${started.statusCode}: ${started.body}`);
  const code = await textedCode(database, phone, "phone_code");
  const signup = { firstName: "Wanjiru", lastName: "Mwangi", county: "Nyeri", farmType: "dairy" };
  const res = await post("/api/auth/phone/verify", { phone, code, signup });
  if (res.statusCode !== 201) throw new Error(`phone sign-up answered ${res.statusCode}: ${res.body}`);
  return { phone, userId: (res.json() as { id: number }).id, client: asUser(app, sessionCookieOf(res)) };
}

/** Adds an account straight to the database (staff accounts have no signup), with a real password hash. */
export async function addUser(
  database: Database,
  user: { email: string; password: string; role: (typeof users.$inferInsert)["role"] },
): Promise<void> {
  const passwordHash = await hashPassword(user.password);
  await database.tx((db) =>
    db
      .insert(users)
      .values({ email: user.email, passwordHash, role: user.role, firstName: "Test", lastName: "User" }),
  );
}

/** An inventory item's row by its code (e.g. "SEM-HF-101"), read straight from the database. */
export async function inventoryItem(t: TestApp, itemId: string) {
  const [row] = await t.database.read((db) =>
    db.select().from(inventoryItems).where(eq(inventoryItems.itemId, itemId)),
  );
  if (!row) throw new Error(`no inventory item ${itemId}`);
  return row;
}

/** Staff record a bank transfer of `amountKes` on the order, dated the Nairobi day of `now`; anything but 201 fails. */
export async function payByBank(
  staff: ReturnType<typeof asUser>,
  orderId: number,
  amountKes: number,
  now: Date,
): Promise<void> {
  const paid = await staff.post(`/api/orders/${orderId}/payments`, {
    method: "bank",
    amountKes,
    reference: `KCB-${orderId}`,
    date: nairobiDate(now),
  });
  if (paid.statusCode !== 201) throw new Error(`bank payment on ${orderId}: ${paid.statusCode} ${paid.body}`);
}

/** Confirms every pick of an order at the tank, as the picker would by scanning each cane's label. */
export async function confirmPicks(staff: ReturnType<typeof asUser>, orderId: number) {
  const list = await staff.get(`/api/orders/${orderId}/pick-list`);
  if (list.statusCode !== 200) throw new Error(`pick list of ${orderId}: ${list.body}`);
  for (const line of list.json().lines as { label: string; confirmedAt: string | null }[]) {
    if (line.confirmedAt) continue;
    const scan = await staff.post(`/api/orders/${orderId}/pick-list/scan`, { code: line.label });
    if (scan.statusCode !== 200) throw new Error(`scan ${line.label}: ${scan.body}`);
  }
}
