import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { healthSchema } from "../../../contract/health";
import type { AppContext } from "../../context";
import { access } from "../../http/access";

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/health",
      { config: { access: access.public }, schema: { response: { 200: healthSchema } } },
      async () => {
        await ctx.database.read((db) => db.execute(sql`select 1`));
        return { status: "ok" as const, database: ctx.database.kind };
      },
    );
}
