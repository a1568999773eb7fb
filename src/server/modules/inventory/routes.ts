import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { receiveBatchInputSchema } from "../../../contract/batches";
import { inventoryStatusSchema } from "../../../contract/dashboard";
import {
  countResultSchema,
  inventoryItemDetailSchema,
  inventoryItemInputSchema,
  inventoryItemSchema,
  inventoryItemUpdateSchema,
  inventoryListQuery,
  inventorySummarySchema,
  reserveInputSchema,
  stockCountInputSchema,
  writeOffInputSchema,
} from "../../../contract/inventory";
import { orderSchema } from "../../../contract/orders";
import { idParamSchema } from "../../../contract/primitives";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { actorOf, currentUser } from "../../http/auth-hook";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { writeOff } from "./adjustments";
import { decideCount, recordCount } from "./counts";
import { inventoryCsvHeader, inventoryCsvLine } from "./csv";
import {
  countInventory,
  createInventoryItem,
  findInventoryByCode,
  getInventoryItem,
  inventoryCsvRows,
  inventoryStatus,
  inventorySummary,
  listInventory,
  receiveBatch,
  reserveForCustomer,
  updateInventoryItem,
} from "./service";

export function registerInventoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: access.staff("inventory:read") };
  const list = { querystring: inventoryListQuery, response: { 200: z.array(inventoryItemSchema) } };

  // Two paths, one list (SPEC section 7 names both).
  const listed = (query: z.output<typeof inventoryListQuery>, reply: FastifyReply) =>
    withTotal(reply, listInventory(ctx, query), countInventory(ctx, query));
  r.get("/api/inventory", { config: read, schema: list }, (request, reply) => listed(request.query, reply));
  r.get("/api/genetic-inventory", { config: read, schema: list }, (request, reply) =>
    listed(request.query, reply),
  );

  r.get(
    "/api/inventory/summary",
    { config: read, schema: { querystring: inventoryListQuery, response: { 200: inventorySummarySchema } } },
    (request) => inventorySummary(ctx, request.query),
  );
  r.get(
    "/api/inventory/status",
    { config: { access: access.staff("dashboard") }, schema: { response: { 200: inventoryStatusSchema } } },
    () => inventoryStatus(ctx),
  );
  r.get(
    "/api/inventory/lookup",
    {
      config: read,
      schema: {
        querystring: z.object({ code: z.string().trim().min(1).max(100) }),
        response: { 200: inventoryItemSchema },
      },
    },
    (request) => findInventoryByCode(ctx, request.query.code),
  );
  r.get(
    "/api/inventory/export",
    { config: read, schema: { querystring: inventoryListQuery } },
    async (request, reply) => {
      // Built whole before the first byte goes out: a failure midway answers an error, never a 200
      // followed by a cut-off file that looks complete.
      const lines = [inventoryCsvHeader];
      for await (const page of inventoryCsvRows(ctx, request.query))
        lines.push(...page.map(inventoryCsvLine));
      const date = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="genetic-inventory-${date}.csv"`)
        .send(lines.join(""));
    },
  );
  r.get(
    "/api/inventory/:id",
    { config: read, schema: { params: idParams, response: { 200: inventoryItemDetailSchema } } },
    (request) => getInventoryItem(ctx, request.params.id),
  );
  r.post(
    "/api/inventory",
    {
      config: { access: access.staff("inventory:write"), idempotent: true },
      schema: { body: inventoryItemInputSchema, response: { 201: inventoryItemSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createInventoryItem(ctx, request.body, currentUser(request).id)),
  );
  const write = { access: access.staff("inventory:write") };
  r.patch(
    "/api/inventory/:id",
    {
      config: write,
      schema: { params: idParams, body: inventoryItemUpdateSchema, response: { 200: inventoryItemSchema } },
    },
    (request) => updateInventoryItem(ctx, request.params.id, request.body, actorOf(request)),
  );
  r.post(
    "/api/inventory/:id/write-off",
    {
      config: write,
      schema: { params: idParams, body: writeOffInputSchema, response: { 200: inventoryItemSchema } },
    },
    (request) => writeOff(ctx, request.params.id, request.body, currentUser(request).id),
  );
  r.post(
    "/api/inventory/:id/batches",
    {
      config: { ...write, idempotent: true },
      schema: {
        params: idParams,
        body: receiveBatchInputSchema,
        response: { 201: inventoryItemDetailSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await receiveBatch(ctx, request.params.id, request.body, currentUser(request).id)),
  );
  // 200 with the item when the count moved stock; 202 with the waiting count when a second person must
  // confirm it (more than 5 % or KSh 10,000 off the books).
  r.post(
    "/api/inventory/:id/count",
    {
      config: write,
      schema: {
        params: idParams,
        body: stockCountInputSchema,
        response: { 200: inventoryItemSchema, 202: countResultSchema },
      },
    },
    async (request, reply) => {
      const result = await recordCount(ctx, request.params.id, request.body, currentUser(request).id);
      return result.applied ? result.item : reply.status(202).send(result);
    },
  );
  r.post(
    "/api/inventory/counts/:id/:decision",
    {
      config: write,
      schema: {
        params: z.object({ id: idParamSchema, decision: z.enum(["confirm", "reject"]) }),
        response: { 200: countResultSchema },
      },
    },
    (request) => {
      const user = currentUser(request);
      return decideCount(ctx, request.params.id, request.params.decision, {
        id: user.id,
        name: `${user.firstName} ${user.lastName}`,
      });
    },
  );
  r.post(
    "/api/inventory/:id/reserve",
    {
      config: { access: access.staff("orders:write") },
      schema: {
        params: idParams,
        body: reserveInputSchema,
        response: { 201: z.object({ order: orderSchema, item: inventoryItemSchema }) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reserveForCustomer(ctx, request.params.id, request.body, currentUser(request).id)),
  );
}
