import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { healthSchema, livenessSchema, readinessSchema } from "../../../contract/health";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { access } from "../../http/access";
import { probeCeiling } from "../../http/rate-limit";
import type { JobsState } from "../../jobs";
import { databaseAnswersWithin, databaseUp } from "./probe";

/** Readiness fails when the database takes longer than this to answer `select 1`. */
const READY_WITHIN_MS = 1000;

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext, jobs: JobsState): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /**
   * A probe's route is public, and a probe pays for neither the rate-limit hook (probeCeiling counts only a
   * query) nor compression (its answer is a few dozen bytes, under the threshold).
   */
  const probe = (path: string) => ({
    config: { access: access.public, rateLimit: false as const },
    compress: false as const,
    onRequest: probeCeiling(app, path),
  });
  const healthy = (up: boolean) => {
    if (!up) throw new AppError("UNAVAILABLE", "The database is not answering");
    return { status: "ok" as const, database: ctx.database.kind };
  };
  r.get(
    "/api/health",
    {
      ...probe("/api/health"),
      schema: {
        // ?deep=1 checks the database now; otherwise the last check of the past few seconds answers.
        querystring: z.object({ deep: z.enum(["0", "1", "true", "false"]).optional() }),
        response: { 200: healthSchema },
      },
    },
    // Not async: the probe answers from the last check without a promise while that check is recent.
    (request) => {
      const deep = request.query.deep === "1" || request.query.deep === "true";
      const up = databaseUp(ctx.database, deep);
      return typeof up === "boolean" ? healthy(up) : up.then(healthy);
    },
  );
  // For a process supervisor: answers while the event loop turns, whatever the database does, so a
  // database outage never gets healthy instances restarted.
  r.get(
    "/api/health/live",
    {
      ...probe("/api/health/live"),
      schema: { response: { 200: livenessSchema } },
    },
    () => ({ status: "ok" as const }),
  );
  // For a load balancer: send this instance traffic only while it can serve it.
  r.get(
    "/api/health/ready",
    {
      ...probe("/api/health/ready"),
      schema: { response: { 200: readinessSchema } },
    },
    async () => {
      if (app.draining) throw new AppError("UNAVAILABLE", "Not ready: shutting down");
      if (!(await databaseAnswersWithin(ctx.database, READY_WITHIN_MS))) {
        throw new AppError("UNAVAILABLE", "Not ready: the database did not answer within a second");
      }
      return {
        status: "ready" as const,
        database: ctx.database.kind,
        jobs: !jobs.enabled ? ("off" as const) : jobs.paused ? ("paused" as const) : ("running" as const),
      };
    },
  );
}
