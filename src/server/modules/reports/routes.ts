import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reportExportQuery, reportQuery, reportSchema } from "../../../contract/reports";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { reportPdf } from "./pdf";
import { buildReport } from "./service";

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.staff("reports", "reports:sales") };
  r.get(
    "/api/reports",
    { config, schema: { querystring: reportQuery, response: { 200: reportSchema } } },
    (request) => buildReport(ctx, request.query.period),
  );
  r.get(
    "/api/reports/export",
    { config, schema: { querystring: reportExportQuery } },
    async (request, reply) => {
      const report = await buildReport(ctx, request.query.period);
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
