import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { paginationQuery } from "../../../contract/pagination";
import { storageConditionSchema, temperatureReadingInputSchema } from "../../../contract/storage";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { listStorageConditions, recordReading } from "./service";

export function registerStorageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = { querystring: paginationQuery, response: { 200: z.array(storageConditionSchema) } };

  r.get("/api/alerts/temperature", { config: { access: access.staff("storage") }, schema: list }, (request) =>
    listStorageConditions(ctx, { ...request.query, onlyAlerts: true }),
  );
  r.get("/api/storage/conditions", { config: { access: access.staff("storage") }, schema: list }, (request) =>
    listStorageConditions(ctx, request.query),
  );
  r.post(
    "/api/storage/readings",
    {
      config: { access: access.staff("storage") },
      schema: { body: temperatureReadingInputSchema, response: { 201: storageConditionSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await recordReading(ctx, request.body, currentUser(request).id)),
  );
}
