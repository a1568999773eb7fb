import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cartLineSchema,
  catalogItemSchema,
  clientOrderDetailSchema,
  clientOrderInputSchema,
  clientOrderSchema,
  placedOrderSchema,
  shopProductSchema,
} from "../../../contract/client";
import { clientOrderQuery } from "../../../contract/orders";
import { clientTaxDetailsReadSchema, clientTaxDetailsSchema } from "../../../contract/settings";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { sendCachedJson } from "../../http/cached-json";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { orderPlacementLimits } from "../../http/rate-limit";
import { listCatalog, listShopProducts } from "./catalogue";
import { cancelClientOrder, reorderLines } from "./order-actions";
import { getClientOrder } from "./order-detail";
import { countClientOrders, listClientOrders, placeClientOrder } from "./orders";
import { clientTaxDetails, saveClientTaxDetails } from "./tax-details";

export function registerClientRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const productList = z.array(shopProductSchema);
  const products = { response: { 200: productList } };
  const catalogList = z.array(catalogItemSchema);

  // The public catalogue (home and landing pages); ordering needs a client session.
  r.get(
    "/api/client/products",
    { config: { access: access.public }, schema: products },
    async (_request, reply) => sendCachedJson(reply, await listShopProducts(ctx), productList),
  );
  r.get(
    "/api/shop/products",
    { config: { access: access.client }, schema: products },
    async (_request, reply) => sendCachedJson(reply, await listShopProducts(ctx), productList),
  );
  r.get(
    "/api/client/catalog",
    { config: { access: access.client }, schema: { response: { 200: catalogList } } },
    async (_request, reply) => sendCachedJson(reply, await listCatalog(ctx), catalogList),
  );
  r.get(
    "/api/client/orders",
    {
      config: { access: access.client, idempotent: true },
      schema: { querystring: clientOrderQuery, response: { 200: z.array(clientOrderSchema) } },
    },
    (request, reply) => {
      const userId = currentUser(request).id;
      return withTotal(reply, listClientOrders(ctx, userId, request.query), countClientOrders(ctx, userId));
    },
  );
  r.get(
    "/api/client/orders/:id",
    {
      config: { access: access.client },
      schema: { params: idParams, response: { 200: clientOrderDetailSchema } },
    },
    (request) => getClientOrder(ctx, currentUser(request).id, request.params.id),
  );
  r.post(
    "/api/client/orders/:id/cancel",
    {
      config: { access: access.client, idempotent: true },
      schema: { params: idParams, response: { 200: clientOrderDetailSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      await cancelClientOrder(ctx, user, request.params.id);
      return getClientOrder(ctx, user.id, request.params.id);
    },
  );
  r.post(
    "/api/client/orders/:id/reorder",
    {
      config: { access: access.client },
      schema: { params: idParams, response: { 200: z.array(cartLineSchema) } },
    },
    (request) => reorderLines(ctx, currentUser(request).id, request.params.id),
  );
  const limits = orderPlacementLimits(app, ctx);
  r.post(
    "/api/client/orders",
    {
      config: { access: access.client, idempotent: true, rateLimit: limits.rateLimit },
      onRequest: limits.onRequest,
      schema: { body: clientOrderInputSchema, response: { 201: placedOrderSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await placeClientOrder(ctx, currentUser(request), request.body)),
  );
  r.get(
    "/api/client/tax-details",
    { config: { access: access.client }, schema: { response: { 200: clientTaxDetailsReadSchema } } },
    (request) => clientTaxDetails(ctx, currentUser(request).id),
  );
  r.put(
    "/api/client/tax-details",
    {
      config: { access: access.client, auditClient: true },
      schema: { body: clientTaxDetailsSchema, response: { 200: clientTaxDetailsReadSchema } },
    },
    (request) => saveClientTaxDetails(ctx, currentUser(request).id, request.body.kraPin),
  );
}
