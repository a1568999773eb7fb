import { fileURLToPath } from "node:url";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { AppContext } from "./context";
import type { Database } from "./db/database";
import { registerAuthHook } from "./http/auth-hook";
import { registerErrorHandler } from "./http/error-handler";
import { registerSpa } from "./http/spa";
import { registerAuthRoutes } from "./modules/auth/routes";
import { registerBreedingRoutes } from "./modules/breeding/routes";
import { registerClientRoutes } from "./modules/client/routes";
import { registerCustomerRoutes } from "./modules/customers/routes";
import { registerDashboardRoutes } from "./modules/dashboard/routes";
import { registerFinanceRoutes } from "./modules/finance/routes";
import { registerHealthRoutes } from "./modules/health/routes";
import { registerInventoryRoutes } from "./modules/inventory/routes";
import { registerOrderRoutes } from "./modules/orders/routes";
import { registerReportRoutes } from "./modules/reports/routes";
import { registerShippingRoutes } from "./modules/shipping/routes";
import { registerStorageRoutes } from "./modules/storage/routes";
import { registerVendorRoutes } from "./modules/vendors/routes";

export const defaultWebRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));

export interface BuildAppOptions {
  database: Database;
  config: Config;
  clock?: Clock;
  /** Folder of the built SPA; null serves the API only. */
  webRoot?: string | null;
  logger?: boolean;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const ctx: AppContext = {
    database: options.database,
    config: options.config,
    clock: options.clock ?? systemClock,
  };
  const app = Fastify({
    logger: options.logger ? { level: options.config.logLevel } : false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(fastifyCookie);
  registerAuthHook(app, ctx);

  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerCustomerRoutes(app, ctx);
  registerStorageRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerInventoryRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerFinanceRoutes(app, ctx);
  registerClientRoutes(app, ctx);
  registerShippingRoutes(app, ctx);
  registerBreedingRoutes(app, ctx);
  registerVendorRoutes(app, ctx);
  registerReportRoutes(app, ctx);

  await registerSpa(app, options.webRoot === undefined ? defaultWebRoot : options.webRoot);
  return app;
}
