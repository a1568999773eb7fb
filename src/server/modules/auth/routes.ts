import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  accountSecuritySchema,
  changePasswordSchema,
  clientLoginSchema,
  clientSessionSchema,
  demoAccountsResponseSchema,
  endedSessionsSchema,
  languageChoiceSchema,
  meResponseSchema,
  messagingChoiceSchema,
  staffLoginSchema,
} from "../../../contract/auth";
import { signupSchema } from "../../../contract/signup";
import type { AppContext } from "../../context";
import { accountNotices } from "../../db/schema";
import { DEMO_PASSWORD, demoAccounts } from "../../db/seed/demo-accounts";
import { notFound } from "../../errors";
import { access } from "../../http/access";
import { currentAuth, currentUser } from "../../http/auth-hook";
import { idParams } from "../../http/params";
import { recordAuditEvent } from "../audit/record";
import {
  type Audience,
  changePassword,
  chooseMessaging,
  signIn,
  signUpClient,
  toClientSession,
  toSessionUser,
} from "./service";
import { sessionCacheOf } from "./session-cache";
import { endOtherSessions, endSession, endSessionById, listSessions, sessionCookieName } from "./sessions";
import { setSignInCookies, signInPlaceOf } from "./sign-in-cookies";

const okSchema = z.object({ ok: z.literal(true) });

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.config.secureCookies;
  const sessionCookie = sessionCookieName(secure);

  const signInAndSetCookies = async (
    request: FastifyRequest,
    reply: FastifyReply,
    credentials: { email: string; password: string; audience: Audience },
  ) => {
    const signed = await signIn(ctx, { ...credentials, ...signInPlaceOf(ctx, request) });
    setSignInCookies(ctx, reply, signed);
    return signed.user;
  };

  r.post(
    "/api/auth/login",
    {
      config: { access: access.public },
      schema: { body: staffLoginSchema, response: { 200: meResponseSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await signInAndSetCookies(request, reply, {
        email: username,
        password,
        audience: "staff",
      });
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
      const { email, password } = request.body;
      return toClientSession(
        await signInAndSetCookies(request, reply, { email, password, audience: "client" }),
      );
    },
  );

  r.post(
    "/api/client-signup",
    {
      config: { access: access.public },
      schema: { body: signupSchema, response: { 201: clientSessionSchema } },
    },
    async (request, reply) => {
      const user = await signUpClient(ctx, request.body, request.ip);
      return reply.status(201).send(toClientSession(user));
    },
  );

  r.post(
    "/api/auth/logout",
    { config: { access: access.public }, schema: { response: { 200: okSchema } } },
    async (request, reply) => {
      const token = request.cookies[sessionCookie];
      const user = request.auth?.user;
      if (token) {
        await ctx.database.tx(async (db) => {
          await endSession(db, token);
          if (user && user.role !== "client") {
            await recordAuditEvent(db, {
              actor: user,
              source: signInPlaceOf(ctx, request),
              action: "sign_out",
            });
          }
        });
        sessionCacheOf(ctx.database).forget(token);
      }
      reply.clearCookie(sessionCookie, { path: "/", secure });
      return { ok: true as const };
    },
  );

  r.get(
    "/api/auth/me",
    { config: { access: access.anySession }, schema: { response: { 200: meResponseSchema } } },
    async (request) => ({ user: toSessionUser(currentUser(request)) }),
  );

  r.put(
    "/api/auth/language",
    {
      config: { access: access.anySession },
      schema: { body: languageChoiceSchema, response: { 200: meResponseSchema } },
    },
    async (request) => ({
      user: toSessionUser(
        await chooseMessaging(ctx, currentUser(request), { language: request.body.language }),
      ),
    }),
  );

  r.put(
    "/api/auth/messaging",
    {
      config: { access: access.anySession, auditClient: true },
      schema: { body: messagingChoiceSchema, response: { 200: meResponseSchema } },
    },
    async (request) => ({
      user: toSessionUser(await chooseMessaging(ctx, currentUser(request), request.body)),
    }),
  );

  r.get(
    "/api/auth/security",
    { config: { access: access.anySession }, schema: { response: { 200: accountSecuritySchema } } },
    async (request) => {
      const { user, sessionId } = currentAuth(request);
      const [sessions, notices] = await ctx.database.read(async (db) => [
        await listSessions(db, ctx.clock, user.id),
        await db
          .select()
          .from(accountNotices)
          .where(eq(accountNotices.userId, user.id))
          .orderBy(desc(accountNotices.createdAt))
          .limit(20),
      ]);
      return {
        sessions: sessions.map((s) => ({
          ...s,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
          current: s.id === sessionId,
        })),
        notices: notices.map((n) => ({ id: n.id, message: n.message, createdAt: n.createdAt.toISOString() })),
      };
    },
  );

  r.post(
    "/api/auth/password",
    {
      config: { access: access.anySession },
      schema: { body: changePasswordSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const { user, sessionId } = currentAuth(request);
      await changePassword(ctx, user, { sessionId, ip: request.ip }, request.body);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/sessions/end-others",
    { config: { access: access.anySession }, schema: { response: { 200: endedSessionsSchema } } },
    async (request) => {
      const { user, sessionId } = currentAuth(request);
      const ended = await ctx.database.tx((db) => endOtherSessions(db, user.id, sessionId));
      sessionCacheOf(ctx.database).forget();
      return { ended };
    },
  );

  r.delete(
    "/api/auth/sessions/:id",
    {
      config: { access: access.anySession },
      schema: { params: idParams, response: { 200: endedSessionsSchema } },
    },
    async (request, reply) => {
      const { user, sessionId } = currentAuth(request);
      const ended = await ctx.database.tx((db) => endSessionById(db, user.id, request.params.id));
      sessionCacheOf(ctx.database).forget();
      if (!ended) throw notFound("Session");
      if (request.params.id === sessionId) reply.clearCookie(sessionCookie, { path: "/", secure });
      return { ended: 1 };
    },
  );

  r.get(
    "/api/auth/demo-accounts",
    { config: { access: access.public }, schema: { response: { 200: demoAccountsResponseSchema } } },
    async () => {
      // Off means there is nothing here at all, not an empty list that hints at one.
      if (!ctx.config.demoMode) throw notFound("Demo accounts");
      return { enabled: true, password: DEMO_PASSWORD, accounts: demoAccounts };
    },
  );
}
