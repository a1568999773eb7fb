import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { paginationQuery } from "../../../contract/pagination";
import { storageConditionSchema } from "../../../contract/storage";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { listStorageConditions } from "./service";

export function registerStorageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = { querystring: paginationQuery, response: { 200: z.array(storageConditionSchema) } };

  r.get(
    "/api/alerts/temperature",
    { config: { access: access.staff("dashboard") }, schema: list },
    (request) => listStorageConditions(ctx, { ...request.query, onlyAlerts: true }),
  );
  r.get(
    "/api/storage/conditions",
    { config: { access: access.staff("dashboard") }, schema: list },
    (request) => listStorageConditions(ctx, request.query),
  );
}
