import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { paginationQuery } from "../../../contract/pagination";
import { idParamSchema } from "../../../contract/primitives";
import { storageConditionSchema, temperatureReadingInputSchema } from "../../../contract/storage";
import {
  acknowledgeAlertSchema,
  levelReadingInputSchema,
  refillInputSchema,
  storageAlertQuery,
  storageAlertSchema,
  tankInputSchema,
  tankSchema,
} from "../../../contract/tanks";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { acknowledgeAlert, listAlerts } from "./alerts";
import { listStorageConditions, recordReading } from "./service";
import { createTank, listTanks, recordLevel, recordRefill } from "./tanks";

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

  const storage = { access: access.staff("storage") };
  r.get(
    "/api/storage/tanks",
    { config: storage, schema: { querystring: paginationQuery, response: { 200: z.array(tankSchema) } } },
    (request) => listTanks(ctx, request.query),
  );
  r.post(
    "/api/storage/units",
    { config: storage, schema: { body: tankInputSchema, response: { 201: tankSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createTank(ctx, request.body, currentUser(request).id)),
  );
  r.post(
    "/api/storage/levels",
    { config: storage, schema: { body: levelReadingInputSchema, response: { 201: tankSchema } } },
    async (request, reply) =>
      reply.status(201).send(await recordLevel(ctx, request.body, currentUser(request).id)),
  );
  r.post(
    "/api/storage/refills",
    { config: storage, schema: { body: refillInputSchema, response: { 201: tankSchema } } },
    async (request, reply) =>
      reply.status(201).send(await recordRefill(ctx, request.body, currentUser(request).id)),
  );
  r.get(
    "/api/storage/alerts",
    {
      config: storage,
      schema: { querystring: storageAlertQuery, response: { 200: z.array(storageAlertSchema) } },
    },
    (request) => listAlerts(ctx, request.query),
  );
  r.post(
    "/api/storage/alerts/:id/acknowledge",
    {
      config: storage,
      schema: {
        params: z.object({ id: idParamSchema }),
        body: acknowledgeAlertSchema,
        response: { 200: storageAlertSchema },
      },
    },
    (request) => acknowledgeAlert(ctx, request.params.id, request.body.note, currentUser(request).id),
  );
}
