import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ReportPeriod, reportExportQuery, reportQuery, reportSchema } from "../../../contract/reports";
import { can } from "../../../contract/roles";
import type { AppContext } from "../../context";
import { forbidden } from "../../errors";
import { access } from "../../http/access";
import { currentUser } from "../../http/auth-hook";
import { reportPdf } from "./pdf";
import { buildReport } from "./service";

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.staff("reports", "reports:sales") };
  /** Sales-only readers (the Sales Manager) see sales and customers, not stock or storage temperatures. */
  const reportFor = async (request: FastifyRequest, period: ReportPeriod) => {
    const report = await buildReport(ctx, period);
    return can(currentUser(request).role, "reports") ? report : { ...report, inventoryReport: null };
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
      const pdf = await reportPdf(report, request.query.type);
      const date = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type("application/pdf")
        .header(
          "content-disposition",
          `attachment; filename="urithi-${request.query.type}-report-${date}.pdf"`,
        )
        .send(pdf);
    },
  );
}
