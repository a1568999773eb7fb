import type { FertilityReport } from "../../../contract/catalogue";
import type { Report, ReportFormat, ReportPeriod, ReportType } from "../../../contract/reports";
import { getQuery } from "../../lib/query";

export const reportQueries = {
  report: (period: ReportPeriod) => getQuery<Report>("/api/reports", { period }),
  fertility: () => getQuery<FertilityReport>("/api/reports/fertility"),
};

/** The PDF of one tab, downloaded by the browser itself (a link, not a fetch). */
export const reportExportUrl = (period: ReportPeriod, type: ReportType, format: ReportFormat) =>
  `/api/reports/export?period=${period}&type=${type}&format=${format}`;
