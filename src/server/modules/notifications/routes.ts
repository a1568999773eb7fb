import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  deliveryReportSchema,
  messageListQuery,
  messageSchema,
  messageSummarySchema,
} from "../../../contract/messages";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { callbackFields, callbackQuery } from "./callbacks";
import type { Transports } from "./dispatcher";
import { applyDeliveryReport, messageCounts, messageListPage, resendMessage } from "./service";

export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext, transports: Transports): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.staff("messages") };
  r.get(
    "/api/messages",
    { config, schema: { querystring: messageListQuery, response: { 200: z.array(messageSchema) } } },
    (request, reply) => withTotal(reply, ...messageListPage(ctx, request.query)),
  );
  r.get(
    "/api/messages/summary",
    { config, schema: { response: { 200: messageSummarySchema } } },
    async () => ({
      counts: await messageCounts(ctx),
      channels: { sms: transports.sms.name, email: transports.email.name },
    }),
  );
  r.post(
    "/api/messages/:id/resend",
    { config, schema: { params: idParams, response: { 200: messageSchema } } },
    (request) => resendMessage(ctx, request.params.id),
  );
  // Africa's Talking posts its delivery reports here as form fields; the secret in the URL authenticates it.
  r.post(
    "/api/messages/delivery-reports",
    {
      config: { access: access.public },
      schema: { querystring: callbackQuery },
    },
    async (request) => {
      const report = callbackFields(request, ctx.config.messaging.callbackSecret, deliveryReportSchema, {
        notSetUp: "Delivery reports are not set up: AT_CALLBACK_SECRET is not configured",
        wrongSecret: "Wrong delivery-report secret",
        notOne: "Not a delivery report",
      });
      return { matched: await applyDeliveryReport(ctx, report) };
    },
  );
}
