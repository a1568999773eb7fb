import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  canisterCountInputSchema,
  canisterInputSchema,
  itemWhereaboutsSchema,
  locateQuery,
  pickListSchema,
  pickScanInputSchema,
  placementInputSchema,
  placementSuggestionQuery,
  placementSuggestionSchema,
  tankMapSchema,
  transferInputSchema,
  transferSchema,
} from "../../../contract/cryo-store";
import { countResultSchema } from "../../../contract/inventory";
import { idParamSchema } from "../../../contract/primitives";
import { storageConditionSchema, temperatureReadingInputSchema } from "../../../contract/storage";
import {
  acknowledgeAlertSchema,
  levelReadingInputSchema,
  levelReadingSchema,
  readingListQuery,
  refillInputSchema,
  storageAlertQuery,
  storageAlertSchema,
  storageUnitQuery,
  tankInputSchema,
  tankSchema,
  temperatureReadingSchema,
  transferListQuery,
  voidReadingSchema,
} from "../../../contract/tanks";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { acknowledgeAlert, listAlerts } from "./alerts";
import { countCanister } from "./canister-count";
import { pickList, scanPick } from "./pick-list";
import {
  listLevelReadings,
  listTemperatureReadings,
  voidLevelReading,
  voidTemperatureReading,
} from "./readings";
import { listStorageConditions, recordReading } from "./service";
import { addCanister, listTransfers, locate, placeItem, recordTransfer, storeMap } from "./store";
import { suggestPlacement } from "./suggest";
import { createTank, listTanks, recordLevel, recordRefill } from "./tanks";

export function registerStorageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = { querystring: storageUnitQuery, response: { 200: z.array(storageConditionSchema) } };

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
    { config: storage, schema: { querystring: storageUnitQuery, response: { 200: z.array(tankSchema) } } },
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

  registerReadingRoutes(app, ctx);
  registerStoreRoutes(app, ctx);
}

/** Each unit's readings, voided ones included, and voiding a wrong one with a reason. */
function registerReadingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = { access: access.staff("storage") };
  const byId = z.object({ id: idParamSchema });
  r.get(
    "/api/storage/readings",
    {
      config: storage,
      schema: { querystring: readingListQuery, response: { 200: z.array(temperatureReadingSchema) } },
    },
    (request) => listTemperatureReadings(ctx, request.query),
  );
  r.get(
    "/api/storage/levels",
    {
      config: storage,
      schema: { querystring: readingListQuery, response: { 200: z.array(levelReadingSchema) } },
    },
    (request) => listLevelReadings(ctx, request.query),
  );
  r.post(
    "/api/storage/readings/:id/void",
    {
      config: storage,
      schema: { params: byId, body: voidReadingSchema, response: { 200: temperatureReadingSchema } },
    },
    (request) => voidTemperatureReading(ctx, request.params.id, request.body.reason, currentUser(request).id),
  );
  r.post(
    "/api/storage/levels/:id/void",
    {
      config: storage,
      schema: { params: byId, body: voidReadingSchema, response: { 200: levelReadingSchema } },
    },
    (request) => voidLevelReading(ctx, request.params.id, request.body.reason, currentUser(request).id),
  );
}

/** The cryo store's tree, placements, transfers and the pick lists that come out of it. */
function registerStoreRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = { access: access.staff("storage") };
  r.get(
    "/api/storage/map",
    { config: storage, schema: { querystring: storageUnitQuery, response: { 200: z.array(tankMapSchema) } } },
    (request) => storeMap(ctx, request.query),
  );
  r.post(
    "/api/storage/canisters",
    { config: storage, schema: { body: canisterInputSchema, response: { 201: tankMapSchema } } },
    async (request, reply) => reply.status(201).send(await addCanister(ctx, request.body)),
  );
  // Sales and logistics ask where stock is too; only the store's own staff move it.
  const readers = { access: access.staff("storage", "inventory:read") };
  r.get(
    "/api/storage/locate",
    {
      config: readers,
      schema: { querystring: locateQuery, response: { 200: z.array(itemWhereaboutsSchema) } },
    },
    (request) => locate(ctx, request.query.q),
  );
  r.post(
    "/api/storage/canisters/:id/count",
    {
      config: storage,
      schema: {
        params: z.object({ id: idParamSchema }),
        body: canisterCountInputSchema,
        response: { 200: z.array(countResultSchema) },
      },
    },
    (request) => countCanister(ctx, request.params.id, request.body, currentUser(request).id),
  );
  r.get(
    "/api/storage/suggest",
    {
      config: storage,
      schema: { querystring: placementSuggestionQuery, response: { 200: placementSuggestionSchema } },
    },
    (request) => suggestPlacement(ctx, request.query.inventoryItemId, request.query.count),
  );
  r.post(
    "/api/storage/placements",
    { config: storage, schema: { body: placementInputSchema, response: { 201: itemWhereaboutsSchema } } },
    async (request, reply) => reply.status(201).send(await placeItem(ctx, request.body)),
  );
  r.get(
    "/api/storage/transfers",
    {
      config: storage,
      schema: { querystring: transferListQuery, response: { 200: z.array(transferSchema) } },
    },
    (request) => listTransfers(ctx, request.query),
  );
  r.post(
    "/api/storage/transfers",
    { config: storage, schema: { body: transferInputSchema, response: { 201: itemWhereaboutsSchema } } },
    async (request, reply) =>
      reply.status(201).send(await recordTransfer(ctx, request.body, currentUser(request).id)),
  );
  // Approvers read it, the store picks from it, logistics confirm it at dispatch.
  const picking = { access: access.staff("storage", "shipping", "orders:read") };
  r.get(
    "/api/orders/:id/pick-list",
    {
      config: picking,
      schema: { params: z.object({ id: idParamSchema }), response: { 200: pickListSchema } },
    },
    (request) => pickList(ctx, request.params.id),
  );
  r.post(
    "/api/orders/:id/pick-list/scan",
    {
      config: { access: access.staff("storage", "shipping") },
      schema: {
        params: z.object({ id: idParamSchema }),
        body: pickScanInputSchema,
        response: { 200: pickListSchema },
      },
    },
    (request) => scanPick(ctx, request.params.id, request.body.code, currentUser(request).id),
  );
}
