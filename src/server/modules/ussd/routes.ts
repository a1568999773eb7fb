import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  callbackRequestQuery,
  callbackRequestSchema,
  ussdCallbackSchema,
  ussdSummarySchema,
} from "../../../contract/ussd";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { callbackFields, callbackQuery } from "../notifications/callbacks";
import { countCallbackRequests, listCallbackRequests, markCalled, ussdSummary } from "./callbacks";
import { TRY_LATER } from "./screens";
import { ussdSecret } from "./secret";
import { answerUssd } from "./sessions";
import { registerUssdSimulator } from "./simulator";

/** USSD (issue 41): Africa's Talking's callback, the channel on the dashboard, and the call-backs asked for. */
export function registerUssdRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  if (ctx.config.demoMode) registerUssdSimulator(app, ctx);

  // Africa's Talking posts each step as form fields; the secret in the URL authenticates it. The answer is
  // always a screen: a fault on our side ends the session politely rather than leaving the phone hanging.
  r.post(
    "/api/ussd",
    { config: { access: access.public }, schema: { querystring: callbackQuery } },
    async (request, reply) => {
      const call = callbackFields(request, await ussdSecret(ctx), ussdCallbackSchema, {
        notSetUp: "USSD is not set up: USSD_SECRET is not configured",
        wrongSecret: "Wrong USSD secret",
        notOne: "Not a USSD callback",
      });
      let answer: string;
      try {
        answer = await answerUssd(ctx, call);
      } catch (error) {
        request.log.error({ err: error, sessionId: call.sessionId }, "USSD step failed");
        answer = `END ${TRY_LATER}`;
      }
      return reply.type("text/plain; charset=utf-8").header("cache-control", "no-store").send(answer);
    },
  );

  r.get(
    "/api/ussd/summary",
    { config: { access: access.staff("dashboard") }, schema: { response: { 200: ussdSummarySchema } } },
    () => ussdSummary(ctx),
  );
  r.get(
    "/api/callback-requests",
    {
      config: { access: access.staff("customers:read") },
      schema: { querystring: callbackRequestQuery, response: { 200: z.array(callbackRequestSchema) } },
    },
    (request, reply) =>
      withTotal(
        reply,
        listCallbackRequests(ctx, request.query),
        countCallbackRequests(ctx, request.query.view),
      ),
  );
  r.post(
    "/api/callback-requests/:id/called",
    { config: { access: access.staff("customers:write") }, schema: { params: idParams } },
    async (request, reply) => {
      await markCalled(ctx, request.params.id, currentUser(request).id);
      return reply.status(204).send();
    },
  );
}
