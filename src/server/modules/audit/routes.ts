import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditEventSchema, auditQuery, auditSummarySchema } from "../../../contract/audit";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { withTotal } from "../../http/list-total";
import { auditCsvHeader, auditCsvLine, auditCsvRows, auditSummary, countAudit, listAudit } from "./service";

/** The audit trail, for Directors: a page at a time, or the filtered rows as CSV. */
export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const directors = { access: access.staff("users") };
  r.get(
    "/api/audit",
    { config: directors, schema: { querystring: auditQuery, response: { 200: z.array(auditEventSchema) } } },
    (request, reply) => withTotal(reply, listAudit(ctx, request.query), countAudit(ctx, request.query)),
  );
  r.get("/api/audit/summary", { config: directors, schema: { response: { 200: auditSummarySchema } } }, () =>
    auditSummary(ctx),
  );
  r.get(
    "/api/audit.csv",
    { config: directors, schema: { querystring: auditQuery } },
    async (request, reply) => {
      // Built whole before the first byte goes out, so a failure midway is an error, not a cut-off file.
      const lines = [auditCsvHeader];
      for await (const page of auditCsvRows(ctx, request.query)) lines.push(...page.map(auditCsvLine));
      const date = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="audit-${date}.csv"`)
        .send(lines.join(""));
    },
  );
}
