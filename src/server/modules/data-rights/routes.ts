import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  consentsSchema,
  dataRequestQuery,
  dataRequestSchema,
  deleteAccountSchema,
  marketingConsentSchema,
} from "../../../contract/data-rights";
import { sentSchema } from "../../../contract/recovery";
import { clientProfileSchema } from "../../../contract/signup";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { withTotal } from "../../http/list-total";
import { sessionCookieName } from "../auth/sessions";
import { readConsents, setMarketingConsent } from "./consents";
import { exportMyData } from "./export";
import { profileOf, updateProfile } from "./profile";
import { countDataRequests, deleteMyAccount, listDataRequests, sendDeletionCode } from "./service";

/** The farmer's data rights (DPA 2019): a copy of their data, their consents, deleting the account. */
export function registerDataRightsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const client = { access: access.client };
  r.get("/api/client/my-data", { config: client }, async (request, reply) => {
    const zip = await exportMyData(ctx, currentUser(request));
    const date = ctx.clock.now().toISOString().slice(0, 10);
    return reply
      .type("application/zip")
      .header("content-disposition", `attachment; filename="urithi-my-data-${date}.zip"`)
      .send(Buffer.from(zip));
  });
  r.get(
    "/api/client/profile",
    { config: client, schema: { response: { 200: clientProfileSchema } } },
    (request) => profileOf(currentUser(request)),
  );
  r.put(
    "/api/client/profile",
    {
      config: { ...client, auditClient: true },
      schema: { body: clientProfileSchema, response: { 200: clientProfileSchema } },
    },
    (request) => updateProfile(ctx, currentUser(request), request.body),
  );
  r.get(
    "/api/client/consents",
    { config: client, schema: { response: { 200: consentsSchema } } },
    (request) => readConsents(ctx, currentUser(request).id),
  );
  r.put(
    "/api/client/consents/marketing",
    {
      config: { ...client, auditClient: true },
      schema: { body: marketingConsentSchema, response: { 200: consentsSchema } },
    },
    async (request) => {
      await setMarketingConsent(ctx, currentUser(request), request.body);
      return readConsents(ctx, currentUser(request).id);
    },
  );
  r.delete(
    "/api/client/account",
    {
      config: client,
      schema: { body: deleteAccountSchema, response: { 200: z.object({ deleted: z.literal(true) }) } },
    },
    async (request, reply) => {
      await deleteMyAccount(ctx, currentUser(request), { ...request.body, ip: request.ip });
      reply.clearCookie(sessionCookieName(ctx.config.secureCookies), {
        path: "/",
        secure: ctx.config.secureCookies,
      });
      return { deleted: true as const };
    },
  );
  r.post(
    "/api/client/account/deletion-code",
    { config: client, schema: { response: { 202: sentSchema } } },
    async (request, reply) => {
      await sendDeletionCode(ctx, currentUser(request));
      return reply.status(202).send({ sent: true as const });
    },
  );
  r.get(
    "/api/data-requests",
    {
      config: { access: access.staff("users") },
      schema: { querystring: dataRequestQuery, response: { 200: z.array(dataRequestSchema) } },
    },
    (request, reply) =>
      withTotal(reply, listDataRequests(ctx, request.query), countDataRequests(ctx, request.query)),
  );
}
