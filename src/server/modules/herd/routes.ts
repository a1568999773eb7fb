import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  boughtStrawSchema,
  cowEventInputSchema,
  cowEventSchema,
  cowImportResultSchema,
  cowImportSchema,
  cowInputSchema,
  cowSchema,
  cowUpdateSchema,
  incomingSmsSchema,
  reminderSchema,
} from "../../../contract/herd";
import { paginationQuery } from "../../../contract/pagination";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { callbackFields, callbackQuery } from "../notifications/callbacks";
import { adggExport } from "./adgg-export";
import { listCalendar } from "./calendar";
import { importCows } from "./cow-import";
import { countCows, createCow, getCow, listCows, updateCow } from "./cows";
import { addCowEvent, boughtStraws, listCowEvents } from "./events";
import { incomingSecret, receiveSms } from "./sms-reply";
import { registerSmsSimulator } from "./sms-simulator";

export function registerHerdRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const client = { access: access.client };
  const write = { access: access.client, auditClient: true };
  r.get(
    "/api/exports/adgg.zip",
    { config: { access: access.staff("breeding", "reports") } },
    async (_, reply) => {
      const zip = await adggExport(ctx);
      const date = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type("application/zip")
        .header("content-disposition", `attachment; filename="urithi-adgg-${date}.zip"`)
        .send(Buffer.from(zip));
    },
  );
  r.get(
    "/api/client/cows",
    { config: client, schema: { querystring: paginationQuery, response: { 200: z.array(cowSchema) } } },
    (request, reply) => {
      const userId = currentUser(request).id;
      return withTotal(reply, listCows(ctx, userId, request.query), countCows(ctx, userId));
    },
  );
  r.post(
    "/api/client/cows",
    { config: write, schema: { body: cowInputSchema, response: { 201: cowSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createCow(ctx, currentUser(request).id, request.body)),
  );
  r.post(
    "/api/client/cows/import",
    { config: write, schema: { body: cowImportSchema, response: { 201: cowImportResultSchema } } },
    async (request, reply) =>
      reply.status(201).send(await importCows(ctx, currentUser(request).id, request.body.csv)),
  );
  r.get(
    "/api/client/cows/:id",
    { config: client, schema: { params: idParams, response: { 200: cowSchema } } },
    (request) => getCow(ctx, currentUser(request).id, request.params.id),
  );
  r.patch(
    "/api/client/cows/:id",
    { config: write, schema: { params: idParams, body: cowUpdateSchema, response: { 200: cowSchema } } },
    (request) => updateCow(ctx, currentUser(request).id, request.params.id, request.body),
  );
  r.get(
    "/api/client/cows/:id/events",
    { config: client, schema: { params: idParams, response: { 200: z.array(cowEventSchema) } } },
    (request) => listCowEvents(ctx, currentUser(request).id, request.params.id),
  );
  r.post(
    "/api/client/cows/:id/events",
    {
      config: { ...write, idempotent: true },
      schema: { params: idParams, body: cowEventInputSchema, response: { 201: cowEventSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addCowEvent(ctx, currentUser(request).id, request.params.id, request.body)),
  );
  r.get(
    "/api/client/calendar",
    { config: client, schema: { response: { 200: z.array(reminderSchema) } } },
    (request) => listCalendar(ctx, currentUser(request).id),
  );
  r.get(
    "/api/client/straws",
    { config: client, schema: { response: { 200: z.array(boughtStrawSchema) } } },
    (request) => boughtStraws(ctx, currentUser(request).id),
  );
  if (ctx.config.demoMode) registerSmsSimulator(app, ctx);
  // Africa's Talking posts a farmer's SMS here as form fields; the secret in the URL authenticates it.
  r.post(
    "/api/messages/incoming",
    {
      config: { access: access.public },
      schema: { querystring: callbackQuery },
    },
    async (request) => {
      const sms = callbackFields(request, incomingSecret(ctx.config), incomingSmsSchema, {
        notSetUp: "Incoming SMS is not set up: AT_CALLBACK_SECRET is not configured",
        wrongSecret: "Wrong incoming-message secret",
        notOne: "Not an incoming message",
      });
      return { outcome: await receiveSms(ctx, sms) };
    },
  );
}
