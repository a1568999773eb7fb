import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  shipmentInputSchema,
  shipmentListQuery,
  shipmentSchema,
  shipmentStatusInputSchema,
  shipmentSummarySchema,
} from "../../../contract/shipping";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { actorOf } from "../../http/auth-hook";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { countShipments, createShipment, listShipments, setShipmentStatus, shipmentSummary } from "./service";

export function registerShippingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.staff("shipping") };
  r.get(
    "/api/shipments",
    { config, schema: { querystring: shipmentListQuery, response: { 200: z.array(shipmentSchema) } } },
    (request, reply) =>
      withTotal(reply, listShipments(ctx, request.query), countShipments(ctx, request.query)),
  );
  r.get("/api/shipments/summary", { config, schema: { response: { 200: shipmentSummarySchema } } }, () =>
    shipmentSummary(ctx),
  );
  r.post(
    "/api/shipments",
    {
      config: { ...config, idempotent: true },
      schema: { body: shipmentInputSchema, response: { 201: shipmentSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createShipment(ctx, request.body, actorOf(request))),
  );
  r.patch(
    "/api/shipments/:id/status",
    {
      config,
      schema: { params: idParams, body: shipmentStatusInputSchema, response: { 200: shipmentSchema } },
    },
    (request) => setShipmentStatus(ctx, request.params.id, request.body, actorOf(request)),
  );
}
