import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  payInputSchema,
  paymentDetailsSchema,
  paymentSchema,
  paymentStartedSchema,
  recordPaymentInputSchema,
  refundInputSchema,
} from "../../../contract/payments";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { actorOf, currentUser } from "../../http/auth-hook";
import { idParams } from "../../http/params";
import {
  checkClientPayment,
  handleMpesaCallback,
  listOrderPayments,
  paymentDetails,
  pollClientPayment,
  recordPayment,
  refund,
  startMpesaPayment,
} from "./service";
import { registerMpesaSimulator } from "./simulator";

export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const client = { access: access.client };
  const finance = { access: access.staff("finance") };

  r.get(
    "/api/payment-details",
    { config: { access: access.public }, schema: { response: { 200: paymentDetailsSchema } } },
    () => paymentDetails(ctx),
  );
  r.post(
    "/api/client/orders/:id/pay",
    {
      config: { ...client, idempotent: true },
      schema: { params: idParams, body: payInputSchema, response: { 201: paymentStartedSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await startMpesaPayment(ctx, currentUser(request).id, request.params.id, request.body.phone)),
  );
  r.get(
    "/api/client/payments/:id",
    { config: client, schema: { params: idParams, response: { 200: paymentSchema } } },
    (request) => pollClientPayment(ctx, currentUser(request).id, request.params.id),
  );
  r.post(
    "/api/client/payments/:id/check",
    { config: client, schema: { params: idParams, response: { 200: paymentSchema } } },
    (request) => checkClientPayment(ctx, currentUser(request).id, request.params.id),
  );
  // Daraja calls this; the unguessable token in the path is what authenticates it.
  r.post(
    "/api/payments/mpesa/callback/:token",
    {
      config: { access: access.public },
      schema: { params: z.object({ token: z.string().min(20).max(100) }) },
    },
    async (request) => {
      await handleMpesaCallback(ctx, request.params.token, request.body);
      return { ResultCode: 0, ResultDesc: "Accepted" };
    },
  );
  r.get(
    "/api/orders/:id/payments",
    {
      config: { access: access.staff("orders:read", "finance", "orders:approve", "shipping") },
      schema: { params: idParams, response: { 200: z.array(paymentSchema) } },
    },
    (request) => listOrderPayments(ctx, request.params.id),
  );
  r.post(
    "/api/orders/:id/payments",
    {
      config: { ...finance, idempotent: true },
      schema: { params: idParams, body: recordPaymentInputSchema, response: { 201: paymentSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordPayment(ctx, request.params.id, request.body, currentUser(request).id)),
  );
  r.post(
    "/api/payments/:id/refund",
    {
      config: finance,
      schema: { params: idParams, body: refundInputSchema, response: { 200: paymentSchema } },
    },
    (request) => refund(ctx, request.params.id, request.body, actorOf(request)),
  );

  if (ctx.config.mpesa.mode === "simulator") registerMpesaSimulator(app, ctx);
}
