import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { healthSchema } from "../../../contract/health";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { access } from "../../http/access";
import { databaseUp } from "./probe";

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    {
      config: { access: access.public },
      schema: {
        // ?deep=1 checks the database now; otherwise the last check of the past few seconds answers.
        querystring: z.object({ deep: z.enum(["0", "1", "true", "false"]).optional() }),
        response: { 200: healthSchema },
      },
    },
    async (request) => {
      const deep = request.query.deep === "1" || request.query.deep === "true";
      if (!(await databaseUp(ctx.database, deep))) {
        throw new AppError("UNAVAILABLE", "The database is not answering");
      }
      return { status: "ok" as const, database: ctx.database.kind };
    },
  );
}
