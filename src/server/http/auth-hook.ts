import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { can } from "../../contract/roles";
import type { AppContext } from "../context";
import { AppError } from "../errors";
import { auditActorOf } from "../modules/audit/record";
import { sessionCacheOf } from "../modules/auth/session-cache";
import type { SessionUserRow } from "../modules/auth/sessions";
import { resolveSession, sessionCookieName } from "../modules/auth/sessions";
import type { Access } from "./access";
import { docsAccess } from "./openapi";

export interface AuthState {
  user: SessionUserRow;
  token: string;
  sessionId: number;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthState | null;
  }
}

/** The signed-in user of a route that required one. */
export function currentUser(request: FastifyRequest): SessionUserRow {
  return currentAuth(request).user;
}

/** The signed-in user with their session. */
export function currentAuth(request: FastifyRequest): AuthState {
  if (!request.auth) throw new AppError("UNAUTHORIZED", "Please sign in");
  return request.auth;
}

/** The signed-in user as the order process sees an actor. */
export function actorOf(request: FastifyRequest): { id: number; role: SessionUserRow["role"] } {
  const user = currentUser(request);
  return { id: user.id, role: user.role };
}

/**
 * Resolves the session cookie and enforces each route's declared access before its body is parsed,
 * so an anonymous caller gets 401 (and a wrong role 403) whatever it sent.
 */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** A client's write here is audited too (their own profile); staff writes always are. */
    auditClient?: boolean;
  }
}

export function registerAuthHook(app: FastifyInstance, ctx: AppContext): void {
  const cookieName = sessionCookieName(ctx.config.secureCookies);
  app.decorateRequest("auth", null);

  app.addHook("onRoute", (route) => {
    // The API reference's own routes (registered by @fastify/swagger-ui) follow the docs rule.
    if (route.url.startsWith("/api/docs") && !route.config?.access) {
      route.config = { ...route.config, access: docsAccess(ctx.config.nodeEnv === "production") };
    }
    if (route.url.startsWith("/api/") && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });

  const signIn = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const found = await sessionCacheOf(ctx.database).resolve(token, ctx.clock.now(), () =>
      ctx.database.read((db) => resolveSession(db, ctx.clock, token)),
    );
    request.auth = found ? { user: found.user, token, sessionId: found.sessionId } : null;
    if (!found) reply.clearCookie(cookieName, { path: "/", secure: ctx.config.secureCookies });
  };

  /** Lets the request on, or says why not, once its session (if any) is known. */
  const admit = (request: FastifyRequest, rule: Access): void => {
    // A staff request that writes tells each of its transactions who writes, for the audit trail; so does a
    // client's change to their own profile (a route marked auditClient).
    const signedIn = request.auth?.user;
    const audited =
      signedIn && (signedIn.role !== "client" || request.routeOptions.config?.auditClient === true);
    if (signedIn && audited && !READS.has(request.method) && request.databaseTime) {
      request.databaseTime.auditActor = auditActorOf(signedIn, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
        requestId: request.id,
      });
    }
    if (rule.kind === "public") return;
    const user = request.auth?.user;
    if (!user) throw new AppError("UNAUTHORIZED", "Your session has ended. Please sign in.");
    if (rule.kind === "session") return;
    if (rule.kind === "client") {
      if (user.role !== "client") throw new AppError("FORBIDDEN", "This area is for client accounts");
      return;
    }
    if (user.role === "client") throw new AppError("FORBIDDEN", "Your role does not allow this");
    if (rule.kind === "anyStaff") return;
    if (!rule.anyOf.some((p) => can(user.role, p))) {
      throw new AppError("FORBIDDEN", "Your role does not allow this");
    }
  };

  // A callback, not an async hook: a request without a session cookie passes without a promise (decision 37).
  app.addHook("onRequest", (request, reply, done) => {
    const rule = request.routeOptions.config?.access;
    if (!rule) return done();
    const decide = () => {
      try {
        admit(request, rule);
      } catch (error) {
        return done(error as Error);
      }
      done();
    };
    const token = request.cookies[cookieName];
    if (!token) return decide();
    signIn(request, reply, token).then(decide, (error: Error) => done(error));
  });
}
