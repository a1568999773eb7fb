import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  breedingMetricsSchema,
  dashboardMetricsSchema,
  salesTrendPointSchema,
  salesTrendQuery,
} from "../../../contract/dashboard";
import { can } from "../../../contract/roles";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { breedingMetrics, dashboardMetrics, salesTrend } from "./service";

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.staff("dashboard") };
  r.get(
    "/api/dashboard/metrics",
    { config, schema: { response: { 200: dashboardMetricsSchema } } },
    (request) => dashboardMetrics(ctx, can(currentUser(request).role, "finance")),
  );
  r.get("/api/breeding/metrics", { config, schema: { response: { 200: breedingMetricsSchema } } }, () =>
    breedingMetrics(ctx),
  );
  r.get(
    "/api/dashboard/sales-trend",
    {
      config: { access: access.staff("finance") },
      schema: { querystring: salesTrendQuery, response: { 200: z.array(salesTrendPointSchema) } },
    },
    (request) => salesTrend(ctx, request.query.range),
  );
}
