import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  financialSummarySchema,
  transactionInputSchema,
  transactionListQuery,
  transactionSchema,
} from "../../../contract/finance";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { withTotal } from "../../http/list-total";
import { countTransactions, financialSummary, listTransactions, recordTransaction } from "./service";

export function registerFinanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.staff("finance") };

  r.get("/api/financial", { config, schema: { response: { 200: financialSummarySchema } } }, () =>
    financialSummary(ctx),
  );
  r.get(
    "/api/transactions",
    { config, schema: { querystring: transactionListQuery, response: { 200: z.array(transactionSchema) } } },
    (request, reply) =>
      withTotal(reply, listTransactions(ctx, request.query), countTransactions(ctx, request.query)),
  );
  r.post(
    "/api/transactions",
    {
      config: { ...config, idempotent: true },
      schema: { body: transactionInputSchema, response: { 201: transactionSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await recordTransaction(ctx, request.body, currentUser(request).id)),
  );
}
