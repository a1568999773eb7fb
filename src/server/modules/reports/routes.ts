import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ReportPeriod, reportExportQuery, reportQuery, reportSchema } from "../../../contract/reports";
import { can } from "../../../contract/roles";
import type { AppContext } from "../../context";
import { forbidden } from "../../errors";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { readLetterhead } from "../settings/company";
import { reportCsv } from "./csv";
import { reportPdf } from "./pdf";
import { buildReport, withoutMoney } from "./service";

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.staff("reports", "reports:sales") };
  /**
   * Sales-only readers (the Sales Manager) see sales and customers, not stock or storage temperatures; only
   * roles with `finance` see money.
   */
  const reportFor = async (request: FastifyRequest, period: ReportPeriod) => {
    const { role } = currentUser(request);
    const report = await buildReport(ctx, period);
    const shown = can(role, "finance") ? report : withoutMoney(report);
    return can(role, "reports") ? shown : { ...shown, inventoryReport: null };
  };
  r.get(
    "/api/reports",
    { config, schema: { querystring: reportQuery, response: { 200: reportSchema } } },
    (request) => reportFor(request, request.query.period),
  );
  r.get(
    "/api/reports/export",
    { config, schema: { querystring: reportExportQuery } },
    async (request, reply) => {
      const report = await reportFor(request, request.query.period);
      if (request.query.type === "inventory" && !report.inventoryReport) {
        throw forbidden("Your role includes the sales reports only");
      }
      const letterhead = await readLetterhead(ctx, { logo: request.query.format === "pdf" });
      const date = ctx.clock.now().toISOString().slice(0, 10);
      const file = `urithi-${request.query.type}-report-${date}.${request.query.format}`;
      reply.header("content-disposition", `attachment; filename="${file}"`);
      if (request.query.format === "csv") {
        // A byte-order mark, so spreadsheets read KSh and °C as UTF-8.
        return reply
          .type("text/csv; charset=utf-8")
          .send(`\uFEFF${reportCsv(report, request.query.type, letterhead.lines)}`);
      }
      return reply.type("application/pdf").send(await reportPdf(report, request.query.type, letterhead));
    },
  );
}
