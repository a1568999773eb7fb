import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  fieldConflictSchema,
  fieldSyncAnswerSchema,
  fieldSyncResultSchema,
  fieldSyncSchema,
} from "../../../contract/field";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { dismissConflict, listConflicts, syncRecords } from "./sync";

/** A Field Technician's phone syncing what was recorded offline (issue 40 §3). */
export function registerFieldRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const field = { access: access.staff("field") };
  r.post(
    "/api/field/sync",
    { config: field, schema: { body: fieldSyncSchema, response: { 200: fieldSyncAnswerSchema } } },
    async (request) => ({ results: await syncRecords(ctx, currentUser(request).id, request.body.records) }),
  );
  r.get(
    "/api/field/conflicts",
    { config: field, schema: { response: { 200: z.array(fieldConflictSchema) } } },
    (request) => listConflicts(ctx, currentUser(request).id),
  );
  r.post(
    "/api/field/conflicts/:clientId/dismiss",
    {
      config: field,
      schema: { params: z.object({ clientId: z.uuid() }), response: { 200: fieldSyncResultSchema } },
    },
    (request) => dismissConflict(ctx, currentUser(request).id, request.params.clientId),
  );
}
