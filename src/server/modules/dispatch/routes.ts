import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  assignInputSchema,
  cancelRequestSchema,
  clientServiceRequestQuery,
  fieldTechnicianSchema,
  serviceBoardCountsSchema,
  serviceKinds,
  servicePriceInputSchema,
  servicePriceSchema,
  serviceRequestInputSchema,
  serviceRequestQuery,
  serviceRequestSchema,
} from "../../../contract/service-requests";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import {
  assignRequest,
  boardCounts,
  closeRequest,
  countRequests,
  listRequests,
  listTechnicians,
  technicianJobs,
} from "./board";
import { listServicePrices, setServicePrice } from "./prices";
import { countClientRequests, listClientRequests, requestService } from "./requests";

/** AI service booking (issue 40 §2): the farmer's request, the dispatch board, a technician's own jobs. */
export function registerDispatchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const client = { access: access.client, auditClient: true };
  const dispatch = { access: access.staff("breeding") };
  const one = { params: idParams, response: { 200: serviceRequestSchema } };

  r.post(
    "/api/client/service-requests",
    {
      config: { ...client, idempotent: true },
      schema: { body: serviceRequestInputSchema, response: { 201: serviceRequestSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await requestService(ctx, currentUser(request).id, request.body)),
  );
  r.get(
    "/api/client/service-requests",
    {
      config: { access: access.client },
      schema: { querystring: clientServiceRequestQuery, response: { 200: z.array(serviceRequestSchema) } },
    },
    (request, reply) => {
      const userId = currentUser(request).id;
      return withTotal(
        reply,
        listClientRequests(ctx, userId, request.query),
        countClientRequests(ctx, userId, request.query.cowId),
      );
    },
  );
  r.post("/api/client/service-requests/:id/cancel", { config: client, schema: one }, (request) =>
    closeRequest(ctx, request.params.id, "cancelled", { clientUserId: currentUser(request).id }),
  );

  r.get(
    "/api/service-requests",
    {
      config: dispatch,
      schema: { querystring: serviceRequestQuery, response: { 200: z.array(serviceRequestSchema) } },
    },
    (request, reply) => withTotal(reply, listRequests(ctx, request.query), countRequests(ctx, request.query)),
  );
  r.get(
    "/api/service-requests/counts",
    { config: dispatch, schema: { response: { 200: serviceBoardCountsSchema } } },
    () => boardCounts(ctx),
  );
  r.post(
    "/api/service-requests/:id/assign",
    { config: dispatch, schema: { ...one, body: assignInputSchema } },
    (request) => assignRequest(ctx, request.params.id, request.body.technicianId, currentUser(request).id),
  );
  r.post(
    "/api/service-requests/:id/cancel",
    { config: dispatch, schema: { ...one, body: cancelRequestSchema } },
    (request) => closeRequest(ctx, request.params.id, "cancelled", { reason: request.body.reason }),
  );
  r.post("/api/service-requests/:id/done", { config: dispatch, schema: one }, (request) =>
    closeRequest(ctx, request.params.id, "done", {}),
  );
  r.get(
    "/api/field-technicians",
    { config: dispatch, schema: { response: { 200: z.array(fieldTechnicianSchema) } } },
    () => listTechnicians(ctx),
  );

  const field = { access: access.staff("field") };
  r.get(
    "/api/field/jobs",
    { config: field, schema: { response: { 200: z.array(serviceRequestSchema) } } },
    (request) => technicianJobs(ctx, currentUser(request).id),
  );
  r.post("/api/field/jobs/:id/done", { config: field, schema: one }, (request) =>
    closeRequest(ctx, request.params.id, "done", { technicianId: currentUser(request).id }),
  );

  r.get(
    "/api/service-prices",
    { config: { access: access.anySession }, schema: { response: { 200: z.array(servicePriceSchema) } } },
    () => listServicePrices(ctx),
  );
  r.put(
    "/api/service-prices/:kind",
    {
      config: { access: access.staff("pricing", "settings") },
      schema: {
        params: z.object({ kind: z.enum(serviceKinds) }),
        body: servicePriceInputSchema,
        response: { 200: servicePriceSchema },
      },
    },
    (request) => setServicePrice(ctx, request.params.kind, request.body.priceKes),
  );
}
