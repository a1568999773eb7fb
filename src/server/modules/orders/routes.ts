import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  approveInputSchema,
  cancelInputSchema,
  pendingOrderSchema,
  rejectInputSchema,
} from "../../../contract/client";
import {
  itemisedOrderInputSchema,
  orderDetailSchema,
  orderInputSchema,
  orderListQuery,
  orderSchema,
  orderSummarySchema,
  orderUpdateSchema,
  pendingOrderQuery,
} from "../../../contract/orders";
import { can } from "../../../contract/roles";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { actorOf, currentUser } from "../../http/auth-hook";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { approveOrder, countPendingOrders, listPendingOrders, rejectOrder } from "./approval";
import { createItemisedOrder } from "./itemised";
import {
  cancelOrder,
  createStaffOrder,
  getOrderDetail,
  orderListPage,
  orderSummary,
  recentOrders,
  updateOrder,
} from "./service";

const RECENT_ORDERS = 5;

export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: access.staff("orders:read") };
  const write = { access: access.staff("orders:write") };

  r.get(
    "/api/orders",
    { config: read, schema: { querystring: orderListQuery, response: { 200: z.array(orderSchema) } } },
    (request, reply) => withTotal(reply, ...orderListPage(ctx, request.query)),
  );
  r.get(
    "/api/orders/summary",
    { config: read, schema: { response: { 200: orderSummarySchema } } },
    (request) => orderSummary(ctx, can(currentUser(request).role, "finance")),
  );
  r.get(
    "/api/orders/recent",
    { config: { access: access.staff("dashboard") }, schema: { response: { 200: z.array(orderSchema) } } },
    () => recentOrders(ctx, RECENT_ORDERS),
  );
  const approve = { access: access.staff("orders:approve") };
  r.get(
    "/api/orders/pending",
    {
      config: approve,
      schema: { querystring: pendingOrderQuery, response: { 200: z.array(pendingOrderSchema) } },
    },
    (request, reply) => withTotal(reply, listPendingOrders(ctx, request.query), countPendingOrders(ctx)),
  );
  r.post(
    "/api/orders/:id/approve",
    {
      config: approve,
      schema: { params: idParams, body: approveInputSchema, response: { 200: orderSchema } },
    },
    (request) => approveOrder(ctx, request.params.id, request.body, actorOf(request)),
  );
  r.post(
    "/api/orders/:id/reject",
    {
      config: approve,
      schema: { params: idParams, body: rejectInputSchema, response: { 200: orderSchema } },
    },
    (request) => rejectOrder(ctx, request.params.id, request.body, actorOf(request)),
  );
  r.get(
    "/api/orders/:id",
    { config: read, schema: { params: idParams, response: { 200: orderDetailSchema } } },
    (request) => getOrderDetail(ctx, request.params.id),
  );
  r.post(
    "/api/orders",
    {
      config: { ...write, idempotent: true },
      schema: { body: orderInputSchema, response: { 201: orderSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createStaffOrder(ctx, request.body, currentUser(request).id)),
  );
  r.post(
    "/api/orders/itemised",
    {
      config: { ...write, idempotent: true },
      schema: { body: itemisedOrderInputSchema, response: { 201: orderSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      return reply.status(201).send(await createItemisedOrder(ctx, request.body, user));
    },
  );
  r.patch(
    "/api/orders/:id",
    { config: write, schema: { params: idParams, body: orderUpdateSchema, response: { 200: orderSchema } } },
    (request) => updateOrder(ctx, request.params.id, request.body, actorOf(request)),
  );
  r.post(
    "/api/orders/:id/cancel",
    { config: write, schema: { params: idParams, body: cancelInputSchema, response: { 200: orderSchema } } },
    (request) => cancelOrder(ctx, request.params.id, request.body, actorOf(request)),
  );
  // SPEC's cancel: no body, so an order holding money answers 409 REFUND_DECISION_REQUIRED.
  r.delete(
    "/api/orders/:id",
    { config: write, schema: { params: idParams, response: { 200: orderSchema } } },
    (request) => cancelOrder(ctx, request.params.id, { reason: null, clientNote: null }, actorOf(request)),
  );
}
