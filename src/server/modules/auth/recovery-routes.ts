import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { clientSessionSchema, meResponseSchema } from "../../../contract/auth";
import { phoneStartSchema, phoneVerifySchema } from "../../../contract/phone-sign-in";
import {
  forgotPasswordSchema,
  phoneCodeSchema,
  resetPasswordSchema,
  sentSchema,
} from "../../../contract/recovery";
import { acceptInviteResultSchema } from "../../../contract/staff";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { resetPasswordByLink } from "./password-links";
import { startPhoneSignIn, verifyPhoneSignIn } from "./phone-sign-in";
import { confirmPhone, sendPhoneCode } from "./phone-verification";
import { forgotPassword, resetPasswordByCode } from "./recovery";
import { toClientSession, toSessionUser } from "./service";
import { setSignInCookies, signInPlaceOf } from "./sign-in-cookies";

/**
 * Forgotten passwords (a link by email, a code by SMS), a signed-in person proving their mobile with a code,
 * and the farmer's sign-in (and sign-up) by mobile and SMS code.
 */
export function registerRecoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/auth/forgot-password",
    {
      config: { access: access.public },
      schema: { body: forgotPasswordSchema, response: { 202: sentSchema } },
    },
    async (request, reply) => {
      await forgotPassword(ctx, request.body, request.ip);
      return reply.status(202).send({ sent: true as const });
    },
  );
  // The reset link's page, and the forgot-password page's code step, post here signed out.
  r.post(
    "/api/auth/reset-password",
    {
      config: { access: access.public },
      schema: { body: resetPasswordSchema, response: { 200: acceptInviteResultSchema } },
    },
    (request) => {
      const { token, email, code, phone, password } = request.body;
      return code !== undefined && phone !== undefined
        ? resetPasswordByCode(ctx, { code, phone, password }, request.ip)
        : resetPasswordByLink(ctx, { token: token!, email: email!, password });
    },
  );
  r.post(
    "/api/auth/phone/verification",
    { config: { access: access.anySession }, schema: { response: { 202: sentSchema } } },
    async (request, reply) => {
      await sendPhoneCode(ctx, currentUser(request));
      return reply.status(202).send({ sent: true as const });
    },
  );
  r.post(
    "/api/auth/phone/verification/confirm",
    {
      config: { access: access.anySession },
      schema: { body: phoneCodeSchema, response: { 200: meResponseSchema } },
    },
    async (request) => ({
      user: toSessionUser(await confirmPhone(ctx, currentUser(request), request.body.code)),
    }),
  );
  r.post(
    "/api/auth/phone/start",
    {
      config: { access: access.public },
      schema: { body: phoneStartSchema, response: { 202: sentSchema } },
    },
    async (request, reply) => {
      await startPhoneSignIn(ctx, request.body, request.ip);
      return reply.status(202).send({ sent: true as const });
    },
  );
  r.post(
    "/api/auth/phone/verify",
    {
      config: { access: access.public },
      schema: { body: phoneVerifySchema, response: { 200: clientSessionSchema, 201: clientSessionSchema } },
    },
    async (request, reply) => {
      const signed = await verifyPhoneSignIn(ctx, request.body, signInPlaceOf(ctx, request));
      setSignInCookies(ctx, reply, signed);
      return reply.status(signed.created ? 201 : 200).send(toClientSession(signed.user));
    },
  );
}
