import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { idempotencyKeys } from "../db/schema";
import { AppError } from "../errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Honours an Idempotency-Key header: a replay answers the first response. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { key: string; userId: number; route: string } | null;
  }
}

const KEEP_MS = 24 * 60 * 60 * 1000;
const HEADER = "idempotency-key";

/**
 * Idempotency-Key for create and pay endpoints, stored in the database so it holds across instances:
 * a replay within 24 h gets the same status and body, the same key with another body 422, and a duplicate
 * that arrives while the first is still running 409.
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("idempotency", null);

  const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[HEADER];
    if (header === undefined) return;
    const key = String(header);
    if (key.length < 8 || key.length > 200) {
      throw new AppError("VALIDATION_ERROR", "Idempotency-Key must be 8 to 200 characters");
    }
    const userId = request.auth?.user.id ?? 0;
    const route = `${request.method} ${request.url.split("?")[0]}`;
    const requestHash = createHash("sha256")
      .update(JSON.stringify(request.body ?? null))
      .digest("hex");
    const now = ctx.clock.now();
    const existing = await ctx.database.tx(async (db) => {
      const mine = and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.route, route),
        eq(idempotencyKeys.key, key),
      );
      await db
        .delete(idempotencyKeys)
        .where(and(mine, lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_MS))));
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ key, userId, route, requestHash, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) return null;
      const [row] = await db.select().from(idempotencyKeys).where(mine);
      return row ?? null;
    });
    if (!existing) {
      request.idempotency = { key, userId, route };
      return;
    }
    if (existing.requestHash !== requestHash) {
      throw new AppError("UNPROCESSABLE", "This Idempotency-Key was already used for a different request");
    }
    if (existing.responseStatus === null) {
      throw new AppError("CONFLICT", "The same request is still being processed; please wait");
    }
    reply.header("idempotent-replayed", "true");
    reply.status(existing.responseStatus).type("application/json").send(existing.responseBody);
    return reply;
  };
  // Only the routes that take a key run the hook (decision 37): a hook on every route costs every request.
  app.addHook("onRoute", (route) => {
    if (!route.config?.idempotent) return;
    const own = route.preHandler ?? [];
    route.preHandler = [claimKey, ...(Array.isArray(own) ? own : [own])];
  });

  const keepAnswer = async (
    claim: NonNullable<FastifyRequest["idempotency"]>,
    status: number,
    payload: unknown,
  ) => {
    const where = and(
      eq(idempotencyKeys.userId, claim.userId),
      eq(idempotencyKeys.route, claim.route),
      eq(idempotencyKeys.key, claim.key),
    );
    await ctx.database.tx(async (db) => {
      // A failure on our side is not an answer to replay: free the key so the client can retry.
      if (status >= 500) await db.delete(idempotencyKeys).where(where);
      else
        await db
          .update(idempotencyKeys)
          .set({
            responseStatus: status,
            responseBody: typeof payload === "string" ? payload : String(payload),
          })
          .where(where);
    });
  };
  app.addHook("onSend", (request, reply, payload, done) => {
    const claim = request.idempotency;
    if (!claim) return done(null, payload);
    request.idempotency = null;
    keepAnswer(claim, reply.statusCode, payload).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}
