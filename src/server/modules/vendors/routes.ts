import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  vendorInputSchema,
  vendorListQuery,
  vendorRatingInputSchema,
  vendorSchema,
  vendorStatusInputSchema,
  vendorSummarySchema,
} from "../../../contract/vendors";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { countVendors, createVendor, listVendors, updateVendor, vendorSummary } from "./service";

export function registerVendorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.staff("vendors") };
  r.get(
    "/api/vendors",
    { config, schema: { querystring: vendorListQuery, response: { 200: z.array(vendorSchema) } } },
    (request, reply) => withTotal(reply, listVendors(ctx, request.query), countVendors(ctx, request.query)),
  );
  r.get("/api/vendors/summary", { config, schema: { response: { 200: vendorSummarySchema } } }, () =>
    vendorSummary(ctx),
  );
  r.post(
    "/api/vendors",
    {
      config: { ...config, idempotent: true },
      schema: { body: vendorInputSchema, response: { 201: vendorSchema } },
    },
    async (request, reply) => reply.status(201).send(await createVendor(ctx, request.body)),
  );
  r.patch(
    "/api/vendors/:id/status",
    { config, schema: { params: idParams, body: vendorStatusInputSchema, response: { 200: vendorSchema } } },
    (request) => updateVendor(ctx, request.params.id, { isActive: request.body.isActive }),
  );
  r.patch(
    "/api/vendors/:id/rating",
    { config, schema: { params: idParams, body: vendorRatingInputSchema, response: { 200: vendorSchema } } },
    (request) => updateVendor(ctx, request.params.id, { rating: request.body.rating }),
  );
}
