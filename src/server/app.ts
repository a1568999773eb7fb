import fastifyCookie from "@fastify/cookie";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { AppContext } from "./context";
import type { Database } from "./db/adapter";
import { registerAuthHook } from "./http/auth-hook";
import { registerCompression } from "./http/compression";
import { registerErrorHandler } from "./http/error-handler";
import { registerCatalogueETags } from "./http/etag";
import { registerIdempotency } from "./http/idempotency";
import { registerInputGuard } from "./http/input-guard";
import { registerJsonBody } from "./http/json-body";
import { registerOpenApi } from "./http/openapi";
import { registerRateLimits } from "./http/rate-limit";
import { registerRequestLog, requestIdOf } from "./http/request-log";
import { responseSerializer } from "./http/response-serializer";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerSpa } from "./http/spa";
import { type JobsState, startJobs } from "./jobs";
import { registerAuditRoutes } from "./modules/audit/routes";
import { registerPasskeyRoutes } from "./modules/auth/passkey-routes";
import { registerRecoveryRoutes } from "./modules/auth/recovery-routes";
import { registerAuthRoutes } from "./modules/auth/routes";
import { registerBackupRoutes } from "./modules/backups/routes";
import { registerBreedingRoutes } from "./modules/breeding/routes";
import { registerCatalogueRoutes } from "./modules/catalogue/routes";
import { registerClientRoutes } from "./modules/client/routes";
import { registerCustomerRoutes } from "./modules/customers/routes";
import { registerDashboardRoutes } from "./modules/dashboard/routes";
import { registerDataRightsRoutes } from "./modules/data-rights/routes";
import { registerDispatchRoutes } from "./modules/dispatch/routes";
import { registerEtimsRoutes } from "./modules/etims/routes";
import { registerFieldRoutes } from "./modules/field/routes";
import { registerFinanceRoutes } from "./modules/finance/routes";
import { registerFlaskRoutes } from "./modules/flasks/routes";
import { registerHealthRoutes } from "./modules/health/routes";
import { registerHerdRoutes } from "./modules/herd/routes";
import { registerInventoryRoutes } from "./modules/inventory/routes";
import { registerInvoiceRoutes } from "./modules/invoices/routes";
import { createMetrics, type Metrics } from "./modules/metrics/registry";
import { registerMetricsRoute } from "./modules/metrics/routes";
import { transportsFor } from "./modules/notifications/channels";
import type { Transports } from "./modules/notifications/dispatcher";
import { registerMessageRoutes } from "./modules/notifications/routes";
import { registerOrderRoutes } from "./modules/orders/routes";
import { DarajaClient } from "./modules/payments/daraja";
import { registerPaymentRoutes } from "./modules/payments/routes";
import { registerReportRoutes } from "./modules/reports/routes";
import { registerSettingsRoutes } from "./modules/settings/routes";
import { registerShippingRoutes } from "./modules/shipping/routes";
import { registerStaffRoutes } from "./modules/staff/routes";
import { registerStorageRoutes } from "./modules/storage/routes";
import { registerUssdRoutes } from "./modules/ussd/routes";
import { registerVendorRoutes } from "./modules/vendors/routes";
import { fromProjectRoot } from "./paths";

export const defaultWebRoot = fromProjectRoot("dist/web");

export interface BuildAppOptions {
  database: Database;
  config: Config;
  clock?: Clock;
  /** Folder of the built SPA; null serves the API only. */
  webRoot?: string | null;
  /** true logs JSON lines at the config's level; a logger instance is used as it is (main.ts shares one). */
  logger?: boolean | FastifyBaseLogger;
  /** Runs the background jobs (hold expiry, M-Pesa reconciliation); tests call them directly instead. */
  jobs?: boolean;
  /** Where SMS and email go; from the settings unless a test passes its own. */
  transports?: Transports & { close(): void };
  /** Socket limits; tests shorten them to watch a slow client being cut off. */
  timeouts?: ServerTimeouts;
}

export interface ServerTimeouts {
  /** The whole request (headers and body) must arrive within this. */
  requestMs: number;
  /**
   * A socket with no traffic is closed after this. Keep it below requestMs: once Node's request
   * deadline check has looked at a connection that never sent a byte, it stops that socket's idle timer.
   */
  idleMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /** How often Node looks for requests past their deadline. */
  checkIntervalMs: number;
}

/**
 * A body trickled a byte at a time must not hold a connection for ever: the whole request has
 * 30 s to arrive, which a farmer's phone on slow data still makes for our small JSON bodies.
 */
export const defaultTimeouts: ServerTimeouts = {
  requestMs: 30_000,
  idleMs: 15_000,
  keepAliveMs: 10_000,
  checkIntervalMs: 5_000,
};

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
    /** Set on SIGTERM: readiness says no and every answer closes its connection. */
    draining: boolean;
  }
}

/** Fastify types these factories for Ajv's compilers; Zod's take the same route schemas at run time. */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => responseSerializer,
} as unknown as NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const transports = options.transports ?? transportsFor(options.config);
  const ctx: AppContext = {
    database: options.database,
    config: options.config,
    clock,
    daraja: new DarajaClient(options.config.mpesa, () => clock.now()),
    transports,
  };
  const timeouts = options.timeouts ?? defaultTimeouts;
  const webRoot = options.webRoot === undefined ? defaultWebRoot : options.webRoot;
  const logging =
    typeof options.logger === "object"
      ? { loggerInstance: options.logger }
      : { logger: options.logger ? { level: options.config.logLevel } : false };
  const app = Fastify({
    ...logging,
    genReqId: requestIdOf,
    // One line per request, from request-log.ts, instead of Fastify's two at info.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Zod checks every route's input and output. Given as the factories, its compilers are Fastify's only
    // ones, so Fastify never loads its defaults, Ajv and fast-json-stringify, which no route uses.
    schemaController: { compilersFactory: zodCompilers },
    trustProxy: options.config.trustProxy,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      connectionsCheckingInterval: timeouts.checkIntervalMs,
      headersTimeout: timeouts.requestMs,
    },
  });
  registerJsonBody(app);
  const metrics = createMetrics(options.database);
  const jobs: JobsState = { enabled: false, paused: false };
  app.decorate("metrics", metrics);
  app.decorate("draining", false);
  registerErrorHandler(app);
  registerRequestLog(app, metrics.request);
  registerCatalogueETags(app);
  await registerCompression(app);
  await registerSecurityHeaders(app, { webRoot, production: options.config.nodeEnv === "production" });
  await app.register(fastifyCookie);
  await registerRateLimits(app, ctx);
  // HTML forms (the M-Pesa simulator's phone page) post urlencoded bodies; nothing reads their fields.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
    done(null, body),
  );
  registerAuthHook(app, ctx);
  registerInputGuard(app);
  registerIdempotency(app, ctx);
  await registerOpenApi(app, ctx);

  registerHealthRoutes(app, ctx, jobs);
  registerMetricsRoute(app, options.config, metrics);
  registerAuthRoutes(app, ctx);
  registerRecoveryRoutes(app, ctx);
  registerPasskeyRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerDataRightsRoutes(app, ctx);
  registerCustomerRoutes(app, ctx);
  registerStorageRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerInventoryRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerFinanceRoutes(app, ctx);
  registerClientRoutes(app, ctx);
  registerHerdRoutes(app, ctx);
  registerDispatchRoutes(app, ctx);
  registerFlaskRoutes(app, ctx);
  registerFieldRoutes(app, ctx);
  registerCatalogueRoutes(app, ctx);
  registerShippingRoutes(app, ctx);
  registerBreedingRoutes(app, ctx);
  registerVendorRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerMessageRoutes(app, ctx, transports);
  registerBackupRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerInvoiceRoutes(app, ctx);
  registerEtimsRoutes(app, ctx);
  registerStaffRoutes(app, ctx);
  registerUssdRoutes(app, ctx);
  app.addHook("onClose", async () => transports.close());

  if (options.jobs) {
    const stop = startJobs(ctx, app.log, options.config.jobsIntervalMs, jobs, metrics.job);
    app.addHook("onClose", async () => stop());
  }

  await registerSpa(app, webRoot);
  return app;
}
