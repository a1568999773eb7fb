import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clientLoginSchema,
  clientSessionSchema,
  demoAccountsResponseSchema,
  meResponseSchema,
  staffLoginSchema,
} from "../../../contract/auth";
import { signupSchema } from "../../../contract/signup";
import type { AppContext } from "../../context";
import { DEMO_PASSWORD, demoAccounts } from "../../db/seed/demo-accounts";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { signIn, signUpClient, toClientSession, toSessionUser } from "./service";
import { endSession, SESSION_COOKIE } from "./sessions";

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: ctx.config.secureCookies,
    });

  r.post(
    "/api/auth/login",
    {
      config: { access: access.public },
      schema: { body: staffLoginSchema, response: { 200: meResponseSchema } },
    },
    async (request, reply) => {
      const { user, token } = await signIn(ctx, {
        email: request.body.username,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        audience: "staff",
      });
      setSessionCookie(reply, token);
      return { user: toSessionUser(user) };
    },
  );

  r.post(
    "/api/client-login",
    {
      config: { access: access.public },
      schema: { body: clientLoginSchema, response: { 200: clientSessionSchema } },
    },
    async (request, reply) => {
      const { user, token } = await signIn(ctx, {
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        audience: "client",
      });
      setSessionCookie(reply, token);
      return toClientSession(user);
    },
  );

  r.post(
    "/api/client-signup",
    {
      config: { access: access.public },
      schema: { body: signupSchema, response: { 201: clientSessionSchema } },
    },
    async (request, reply) => {
      const user = await signUpClient(ctx, request.body);
      return reply.status(201).send(toClientSession(user));
    },
  );

  r.post(
    "/api/auth/logout",
    { config: { access: access.public }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await ctx.database.tx((db) => endSession(db, token));
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { ok: true as const };
    },
  );

  r.get(
    "/api/auth/me",
    { config: { access: access.anySession }, schema: { response: { 200: meResponseSchema } } },
    async (request) => ({ user: toSessionUser(currentUser(request)) }),
  );

  r.get(
    "/api/auth/demo-accounts",
    { config: { access: access.public }, schema: { response: { 200: demoAccountsResponseSchema } } },
    async () =>
      ctx.config.demoMode
        ? { enabled: true, password: DEMO_PASSWORD, accounts: demoAccounts }
        : { enabled: false, password: null, accounts: [] },
  );
}
