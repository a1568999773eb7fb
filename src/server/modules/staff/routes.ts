import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sentSchema } from "../../../contract/recovery";
import {
  acceptInviteResultSchema,
  acceptInviteSchema,
  staffInviteSchema,
  staffListQuery,
  staffMemberSchema,
  staffSummarySchema,
  staffUpdateSchema,
} from "../../../contract/staff";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { acceptInvite } from "../auth/password-links";
import { countStaff, inviteStaff, listStaff, sendPasswordLink, staffSummary, updateStaff } from "./service";

export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const directors = { access: access.staff("users") };
  r.get(
    "/api/staff",
    {
      config: directors,
      schema: { querystring: staffListQuery, response: { 200: z.array(staffMemberSchema) } },
    },
    (request, reply) => withTotal(reply, listStaff(ctx, request.query), countStaff(ctx, request.query)),
  );
  r.get("/api/staff/summary", { config: directors, schema: { response: { 200: staffSummarySchema } } }, () =>
    staffSummary(ctx),
  );
  r.post(
    "/api/staff",
    { config: directors, schema: { body: staffInviteSchema, response: { 201: staffMemberSchema } } },
    async (request, reply) =>
      reply.status(201).send(await inviteStaff(ctx, request.body, currentUser(request))),
  );
  r.patch(
    "/api/staff/:id",
    {
      config: directors,
      schema: { params: idParams, body: staffUpdateSchema, response: { 200: staffMemberSchema } },
    },
    (request) => updateStaff(ctx, request.params.id, request.body, currentUser(request)),
  );
  r.post(
    "/api/staff/:id/reset-password",
    { config: directors, schema: { params: idParams, response: { 202: sentSchema } } },
    async (request, reply) => {
      await sendPasswordLink(ctx, request.params.id, currentUser(request));
      return reply.status(202).send({ sent: true as const });
    },
  );
  // The invite link's page posts here, signed out.
  r.post(
    "/api/auth/accept-invite",
    {
      config: { access: access.public },
      schema: { body: acceptInviteSchema, response: { 200: acceptInviteResultSchema } },
    },
    (request) => acceptInvite(ctx, request.body),
  );
}
