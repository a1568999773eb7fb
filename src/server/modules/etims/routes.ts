import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bulkResendSchema,
  documentListQuery,
  type EtimsSummary,
  etimsSummarySchema,
  resentSchema,
  STUCK_MINUTES,
  taxDocumentRowSchema,
} from "../../../contract/invoices";
import type { AppContext } from "../../context";
import { taxDocuments } from "../../db/schema";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { countMatching, withTotal } from "../../http/list-total";
import { idParams } from "../../http/params";
import { documentFilter, listEtimsDocuments } from "../invoices/service";
import { companySettings } from "../settings/company";
import { resendDocuments } from "./sender";
import { registerEtimsSimulator } from "./simulator";

async function summary(ctx: AppContext): Promise<EtimsSummary> {
  const stuckBefore = new Date(ctx.clock.now().getTime() - STUCK_MINUTES * 60_000);
  return ctx.database.read(async (db) => {
    const [counts] = await db
      .select({
        queued: sql<number>`count(*) filter (where ${taxDocuments.etimsStatus} in ('queued', 'sending'))::int`,
        refused: sql<number>`count(*) filter (where ${taxDocuments.etimsStatus} = 'refused')::int`,
        stuck: sql<number>`count(*) filter (where ${taxDocuments.etimsStatus} in ('queued', 'sending') and ${taxDocuments.issuedAt} < ${stuckBefore})::int`,
      })
      .from(taxDocuments)
      .where(inArray(taxDocuments.etimsStatus, ["queued", "sending", "refused"]));
    const company = await companySettings(db, ctx.config.bank);
    return { mode: ctx.config.etims.mode, pinSet: company.kraPin !== null, ...counts! };
  });
}

/** The Directors' view of what went to KRA: every document's eTIMS state, and sending again. */
export function registerEtimsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.staff("finance") };

  r.get(
    "/api/etims/documents",
    { config, schema: { querystring: documentListQuery, response: { 200: z.array(taxDocumentRowSchema) } } },
    (request, reply) => {
      const where = documentFilter(request.query);
      return withTotal(
        reply,
        listEtimsDocuments(ctx, request.query),
        countMatching(ctx, taxDocuments, where),
      );
    },
  );
  r.get(
    "/api/etims/summary",
    { config: { access: access.staff("dashboard") }, schema: { response: { 200: etimsSummarySchema } } },
    () => summary(ctx),
  );
  r.post(
    "/api/etims/documents/:id/resend",
    { config, schema: { params: idParams, response: { 200: resentSchema } } },
    async (request) => ({ resent: await resendDocuments(ctx, [request.params.id], currentUser(request).id) }),
  );
  r.post(
    "/api/etims/documents/resend",
    { config, schema: { body: bulkResendSchema, response: { 200: resentSchema } } },
    async (request) => {
      const ids =
        request.body.ids ??
        (
          await ctx.database.read((db) =>
            db
              .select({ id: taxDocuments.id })
              .from(taxDocuments)
              .where(eq(taxDocuments.etimsStatus, "refused")),
          )
        ).map((d) => d.id);
      return { resent: ids.length === 0 ? 0 : await resendDocuments(ctx, ids, currentUser(request).id) };
    },
  );
  if (ctx.config.etims.mode === "simulator") registerEtimsSimulator(app, ctx);
}
