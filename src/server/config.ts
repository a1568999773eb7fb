import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const proxyNames = new Set(["loopback", "linklocal", "uniquelocal"]);
function isProxyAddress(entry: string): boolean {
  if (proxyNames.has(entry)) return true;
  const [address, bits, extra] = entry.split("/");
  const family = isIP(address ?? "");
  if (family === 0 || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], { error: 'must be "on" or "off"' })
  .transform((v) => v === "true" || v === "1" || v === "yes" || v === "on");

const positiveInt = z.coerce
  .number({ error: "must be a whole number of at least 1" })
  .int("must be a whole number of at least 1")
  .min(1, "must be a whole number of at least 1");

const envSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { error: "must be development, production or test" })
    .default("development"),
  PORT: z.coerce
    .number({ error: "must be a whole number between 1 and 65535" })
    .int("must be a whole number between 1 and 65535")
    .min(1, "must be a whole number between 1 and 65535")
    .max(65535, "must be a whole number between 1 and 65535")
    .default(5000),
  HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DEMO_MODE: booleanString.optional(),
  TRUST_PROXY: z
    .string()
    .refine((v) => v === "true" || v === "false" || v.split(",").every((a) => isProxyAddress(a.trim())), {
      error:
        'must be "true", "false", or a comma-separated list of proxy addresses or CIDRs (or loopback, uniquelocal)',
    })
    .optional(),
  ADMIN_EMAIL: z.email("must be an email address").optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  MPESA_MODE: z
    .enum(["simulator", "sandbox", "production"], { error: "must be simulator, sandbox or production" })
    .default("simulator"),
  MPESA_CONSUMER_KEY: z.string().optional(),
  MPESA_CONSUMER_SECRET: z.string().optional(),
  MPESA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, "must be a 5-7 digit paybill or till number")
    .default("174379"),
  MPESA_PASSKEY: z
    .string()
    .min(10, "must be the Lipa na M-Pesa passkey")
    .default("bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919"),
  MPESA_CALLBACK_BASE_URL: z.url({ error: "must be an http(s) URL" }).optional(),
  /** Where people reach the app: links in emails, and the passkeys' relying party. */
  PUBLIC_URL: z.url({ error: "must be an http(s) URL" }).optional(),
  MPESA_API_URL: z.url({ error: "must be an http(s) URL" }).optional(),
  HOLD_MPESA_MINUTES: positiveInt.default(30),
  MPESA_PROMPT_SECONDS: positiveInt.default(120),
  ETIMS_MODE: z
    .enum(["simulator", "sandbox", "production", "off"], {
      error: "must be simulator, sandbox, production or off",
    })
    .optional(),
  ETIMS_API_URL: z.url({ error: "must be an http(s) URL" }).optional(),
  ETIMS_DEVICE_SERIAL: z.string().max(100).optional(),
  ETIMS_TIMEOUT_SECONDS: positiveInt.default(20),
  JOBS_INTERVAL_SECONDS: positiveInt.default(15),
  /** The Nairobi hours the cow calendar may text farmers in: from-until, e.g. 7-20. */
  REMINDER_HOURS: z
    .string()
    .regex(/^\d{1,2}-\d{1,2}$/, { error: "must be two hours like 7-20" })
    .refine((v) => {
      const [from, until] = v.split("-").map(Number) as [number, number];
      return from < until && until <= 24;
    }, "must be an earlier hour, then a later one up to 24")
    .default("7-20"),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  ORDERS_PER_MINUTE: positiveInt.default(10),
  HOLD_BANK_HOURS: positiveInt.default(72),
  MAX_OPEN_UNPAID_ORDERS: positiveInt.default(5),
  MAX_OPEN_UNPAID_UNITS: positiveInt.default(500),
  BANK_NAME: z.string().default("KCB Bank Kenya"),
  BANK_ACCOUNT_NAME: z.string().default("Urithi Genetics Ltd"),
  BANK_ACCOUNT_NUMBER: z.string().default("1234567890"),
  BANK_BRANCH: z.string().default("Nakuru"),
  AT_USERNAME: z.string().optional(),
  AT_API_KEY: z.string().optional(),
  AT_SENDER_ID: z.string().max(11, "must be at most 11 characters (an alphanumeric sender ID)").optional(),
  AT_API_URL: z.url({ error: "must be an http(s) URL" }).optional(),
  AT_CALLBACK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  USSD_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
    .optional(),
  EMAIL_FROM: z
    .string()
    .min(3, "must be a sender like Urithi <orders@example.co.ke>")
    .default("Urithi Genetics <orders@urithi.co.ke>"),
  MESSAGE_MAX_ATTEMPTS: positiveInt.default(6),
  ALARM_REPEAT_SECONDS: positiveInt.default(1800),
  /** PostgreSQL connections per app instance. */
  DATABASE_POOL_SIZE: positiveInt.default(10),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEY: z.string().min(16, "must be at least 16 characters").optional(),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: "must be a number of hours (0 turns scheduled backups off)" })
    .min(0)
    .max(24 * 31)
    .default(6),
  BACKUP_KEEP: positiveInt.default(28),
  BACKUP_S3_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/]+\/[^/]+/,
      "must be http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=…]",
    )
    .optional(),
  /** On SIGTERM, how long to keep serving while answering "not ready", before closing (behind a proxy). */
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  METRICS_ALLOW: z
    .string()
    .refine(
      (v) => v.split(",").every((entry) => isAddressOrCidr(entry.trim())),
      "must be IP addresses or CIDRs, comma-separated",
    )
    .default("127.0.0.1,::1"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
});

/** Every environment variable the app reads (deploy files are checked against it). */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoMode: boolean;
  /** Where people reach the app (PUBLIC_URL): the links in invite and reset emails start with it. */
  publicUrl: string;
  secureCookies: boolean;
  /** Fastify's trustProxy: which reverse proxies' X-Forwarded-For to believe for the client address. */
  trustProxy: boolean | string[];
  admin: { email: string; password: string } | undefined;
  logLevel: string;
  databasePoolSize: number;
  backups: {
    /** Where backup files are written (share it between instances, or rely on the off-site copy). */
    dir: string;
    /** Encrypts backups (AES-256-GCM, key derived with scrypt) when set. */
    key: string | undefined;
    /** 0: no scheduled backups. */
    intervalHours: number;
    keep: number;
    /** An S3-compatible bucket each backup is copied to. */
    s3Url: string | undefined;
  };
  /** On SIGTERM, how long to go on serving while readiness says no (so a proxy stops sending first). */
  drainMs: number;
  /** Who may read `/metrics`: a bearer token, or these addresses and CIDRs. */
  metrics: { token: string | undefined; allow: string[] };
  mpesa: {
    mode: "simulator" | "sandbox" | "production";
    consumerKey: string;
    consumerSecret: string;
    shortcode: string;
    passkey: string;
    /** Daraja's base URL; the built-in simulator in simulator mode. */
    apiUrl: string;
    /** Where Daraja can reach this app from the internet (callbacks). */
    callbackBaseUrl: string;
    /** How long a prompt waits on the phone (Daraja's is about two minutes) before a new one may be sent. */
    promptMs: number;
  };
  /**
   * KRA eTIMS (OSCU): where tax documents go. The built-in simulator by default, off in production until
   * KRA's sandbox or production is configured (documents then wait in the queue, and the screen says why).
   */
  etims: {
    mode: "simulator" | "sandbox" | "production" | "off";
    apiUrl: string;
    deviceSerial: string;
    timeoutMs: number;
    /** KRA's receipt check, which the QR code on every document links to (Data=<PIN><bhfId><signature>). */
    receiptCheckUrl: string;
  };
  holds: { mpesaMinutes: number; bankHours: number; maxOpenUnpaidOrders: number; maxOpenUnpaidUnits: number };
  /** API requests one address may make per minute (shared by every instance). */
  rateLimitPerMinute: number;
  /** Orders one session may place per minute; one address may place three times as many. */
  ordersPerMinute: number;
  /** How often each instance runs hold expiry and M-Pesa reconciliation. */
  jobsIntervalMs: number;
  bank: { bankName: string; accountName: string; accountNumber: string; branch: string };
  /** Where SMS and email go; without a provider each channel keeps its messages in the database only. */
  messaging: {
    africasTalking:
      | { username: string; apiKey: string; senderId: string | undefined; apiUrl: string }
      | undefined;
    /** The secret Africa's Talking's delivery-report callback URL carries (?secret=…). */
    callbackSecret: string | undefined;
    /** The secret Africa's Talking's USSD callback URL carries (POST /api/ussd?secret=…). */
    ussdSecret: string | undefined;
    smtpUrl: string | undefined;
    emailFrom: string;
    maxAttempts: number;
    /** An unacknowledged storage alarm is texted again this often. */
    alarmRepeatMs: number;
    /** The Nairobi hours the cow calendar texts in: from the first, until before the second. */
    reminderHours: { from: number; until: number };
  };
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got "${cleaned[name] ?? ""}")`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError("Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  const production = e.NODE_ENV === "production";
  if (e.MPESA_MODE !== "simulator" && !(e.MPESA_CONSUMER_KEY && e.MPESA_CONSUMER_SECRET)) {
    throw new ConfigError(
      `Invalid configuration: MPESA_MODE ${e.MPESA_MODE} needs MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET`,
    );
  }
  if (e.MPESA_MODE !== "simulator" && !e.MPESA_CALLBACK_BASE_URL) {
    throw new ConfigError(
      `Invalid configuration: MPESA_MODE ${e.MPESA_MODE} needs MPESA_CALLBACK_BASE_URL (this app's public https address)`,
    );
  }
  if ((e.AT_USERNAME === undefined) !== (e.AT_API_KEY === undefined)) {
    throw new ConfigError("Invalid configuration: AT_USERNAME and AT_API_KEY must be set together");
  }
  const etimsMode = e.ETIMS_MODE ?? (production ? "off" : "simulator");
  if ((etimsMode === "sandbox" || etimsMode === "production") && !e.ETIMS_DEVICE_SERIAL) {
    throw new ConfigError(
      `Invalid configuration: ETIMS_MODE ${etimsMode} needs ETIMS_DEVICE_SERIAL (the serial KRA gave the OSCU)`,
    );
  }
  const self = `http://127.0.0.1:${e.PORT}`;
  const oscuUrl = {
    simulator: `${self}/etims-sim/etims-api`,
    off: `${self}/etims-sim/etims-api`,
    sandbox: "https://etims-api-sbx.kra.go.ke/etims-api",
    production: "https://etims-api.kra.go.ke/etims-api",
  };
  const receiptCheck = "/common/link/etims/receipt/indexEtimsReceiptData?Data=";
  const receiptHost = {
    simulator: `${self}/etims-sim`,
    off: "https://etims.kra.go.ke",
    sandbox: "https://etims-sbx.kra.go.ke",
    production: "https://etims.kra.go.ke",
  };
  const atUrl =
    e.AT_USERNAME === "sandbox" ? "https://api.sandbox.africastalking.com" : "https://api.africastalking.com";
  const darajaUrl = {
    simulator: `${self}/mpesa-sim`,
    sandbox: "https://sandbox.safaricom.co.ke",
    production: "https://api.safaricom.co.ke",
  };
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    // Demo data and logins are for the embedded newcomer path; a real server must ask for them.
    demoMode: e.DEMO_MODE ?? (!production && !e.DATABASE_URL),
    publicUrl: (e.PUBLIC_URL ?? e.MPESA_CALLBACK_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    secureCookies: production,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    logLevel: e.LOG_LEVEL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    drainMs: e.DRAIN_SECONDS * 1000,
    backups: {
      dir: e.BACKUP_DIR ?? path.join(e.DATA_DIR, "backups"),
      key: e.BACKUP_KEY,
      intervalHours: e.BACKUP_INTERVAL_HOURS,
      keep: e.BACKUP_KEEP,
      s3Url: e.BACKUP_S3_URL,
    },
    metrics: { token: e.METRICS_TOKEN, allow: e.METRICS_ALLOW.split(",").map((a) => a.trim()) },
    mpesa: {
      mode: e.MPESA_MODE,
      consumerKey: e.MPESA_CONSUMER_KEY ?? "simulator-key",
      consumerSecret: e.MPESA_CONSUMER_SECRET ?? "simulator-secret",
      shortcode: e.MPESA_SHORTCODE,
      passkey: e.MPESA_PASSKEY,
      apiUrl: (e.MPESA_API_URL ?? darajaUrl[e.MPESA_MODE]).replace(/\/$/, ""),
      callbackBaseUrl: (e.MPESA_CALLBACK_BASE_URL ?? self).replace(/\/$/, ""),
      promptMs: e.MPESA_PROMPT_SECONDS * 1000,
    },
    etims: {
      mode: etimsMode,
      apiUrl: (e.ETIMS_API_URL ?? oscuUrl[etimsMode]).replace(/\/$/, ""),
      deviceSerial: e.ETIMS_DEVICE_SERIAL ?? "URITHI-SIM-0001",
      timeoutMs: e.ETIMS_TIMEOUT_SECONDS * 1000,
      receiptCheckUrl: `${receiptHost[etimsMode]}${receiptCheck}`,
    },
    holds: {
      mpesaMinutes: e.HOLD_MPESA_MINUTES,
      bankHours: e.HOLD_BANK_HOURS,
      maxOpenUnpaidOrders: e.MAX_OPEN_UNPAID_ORDERS,
      maxOpenUnpaidUnits: e.MAX_OPEN_UNPAID_UNITS,
    },
    jobsIntervalMs: e.JOBS_INTERVAL_SECONDS * 1000,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    ordersPerMinute: e.ORDERS_PER_MINUTE,
    bank: {
      bankName: e.BANK_NAME,
      accountName: e.BANK_ACCOUNT_NAME,
      accountNumber: e.BANK_ACCOUNT_NUMBER,
      branch: e.BANK_BRANCH,
    },
    messaging: {
      africasTalking:
        e.AT_USERNAME && e.AT_API_KEY
          ? {
              username: e.AT_USERNAME,
              apiKey: e.AT_API_KEY,
              senderId: e.AT_SENDER_ID,
              apiUrl: (e.AT_API_URL ?? atUrl).replace(/\/$/, ""),
            }
          : undefined,
      callbackSecret: e.AT_CALLBACK_SECRET,
      ussdSecret: e.USSD_SECRET,
      smtpUrl: e.SMTP_URL,
      emailFrom: e.EMAIL_FROM,
      maxAttempts: e.MESSAGE_MAX_ATTEMPTS,
      alarmRepeatMs: e.ALARM_REPEAT_SECONDS * 1000,
      reminderHours: (([from, until]) => ({ from: from!, until: until! }))(
        e.REMINDER_HOURS.split("-").map(Number),
      ),
    },
  };
}

function isAddressOrCidr(entry: string): boolean {
  const [address = "", bits, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  return value.split(",").map((a) => a.trim());
}
