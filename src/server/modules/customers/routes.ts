import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  customerInputSchema,
  customerListQuery,
  customerMergeResultSchema,
  customerMergeSchema,
  customerSchema,
  customerSummarySchema,
  customerUpdateSchema,
  similarCustomersQuery,
} from "../../../contract/customers";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { mergeCustomers } from "./merge";
import {
  countCustomers,
  createCustomer,
  customerSummary,
  deactivateCustomer,
  getCustomer,
  listCustomers,
  similarCustomers,
  updateCustomer,
} from "./service";

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: access.staff("customers:read") };
  const write = { access: access.staff("customers:write") };

  r.get(
    "/api/customers",
    { config: read, schema: { querystring: customerListQuery, response: { 200: z.array(customerSchema) } } },
    (request, reply) =>
      withTotal(reply, listCustomers(ctx, request.query), countCustomers(ctx, request.query)),
  );
  r.get(
    "/api/customers/summary",
    { config: read, schema: { response: { 200: customerSummarySchema } } },
    () => customerSummary(ctx),
  );
  r.post(
    "/api/customers/:id/merge",
    {
      config: { access: access.staff("customers:merge") },
      schema: { params: idParams, body: customerMergeSchema, response: { 200: customerMergeResultSchema } },
    },
    (request) => mergeCustomers(ctx, request.params.id, request.body.intoId),
  );
  r.get(
    "/api/customers/similar",
    {
      config: read,
      schema: { querystring: similarCustomersQuery, response: { 200: z.array(customerSchema) } },
    },
    (request) => similarCustomers(ctx, request.query),
  );
  r.get(
    "/api/customers/:id",
    { config: read, schema: { params: idParams, response: { 200: customerSchema } } },
    (request) => getCustomer(ctx, request.params.id),
  );
  r.post(
    "/api/customers",
    {
      config: { ...write, idempotent: true },
      schema: { body: customerInputSchema, response: { 201: customerSchema } },
    },
    async (request, reply) => reply.status(201).send(await createCustomer(ctx, request.body)),
  );
  r.patch(
    "/api/customers/:id",
    {
      config: write,
      schema: { params: idParams, body: customerUpdateSchema, response: { 200: customerSchema } },
    },
    (request) => updateCustomer(ctx, request.params.id, request.body),
  );
  r.delete(
    "/api/customers/:id",
    { config: write, schema: { params: idParams, response: { 200: customerSchema } } },
    (request) => deactivateCustomer(ctx, request.params.id),
  );
}
