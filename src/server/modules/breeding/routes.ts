import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  breedingClientQuery,
  breedingClientSchema,
  breedingEventSchema,
  breedingInputSchema,
  breedingListQuery,
  breedingRecordSchema,
  breedingStatusInputSchema,
  breedingSummarySchema,
} from "../../../contract/breeding";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import {
  breedingHistory,
  breedingSummary,
  countBreedingRecords,
  createBreedingRecord,
  listBreedingClients,
  listBreedingRecords,
  setBreedingStatus,
} from "./service";

export function registerBreedingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.staff("breeding") };
  r.get(
    "/api/breeding-records",
    { config, schema: { querystring: breedingListQuery, response: { 200: z.array(breedingRecordSchema) } } },
    (request, reply) =>
      withTotal(reply, listBreedingRecords(ctx, request.query), countBreedingRecords(ctx, request.query)),
  );
  r.get(
    "/api/breeding/clients",
    {
      config,
      schema: { querystring: breedingClientQuery, response: { 200: z.array(breedingClientSchema) } },
    },
    (request) => listBreedingClients(ctx, request.query),
  );
  r.get(
    "/api/breeding-records/summary",
    { config, schema: { response: { 200: breedingSummarySchema } } },
    () => breedingSummary(ctx),
  );
  r.post(
    "/api/breeding-records",
    {
      config: { ...config, idempotent: true },
      schema: { body: breedingInputSchema, response: { 201: breedingRecordSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createBreedingRecord(ctx, request.body, currentUser(request).id)),
  );
  r.patch(
    "/api/breeding-records/:id/status",
    {
      config,
      schema: { params: idParams, body: breedingStatusInputSchema, response: { 200: breedingRecordSchema } },
    },
    (request) => setBreedingStatus(ctx, request.params.id, request.body, currentUser(request).id),
  );
  r.get(
    "/api/breeding-records/:id/history",
    { config, schema: { params: idParams, response: { 200: z.array(breedingEventSchema) } } },
    (request) => breedingHistory(ctx, request.params.id),
  );
}
