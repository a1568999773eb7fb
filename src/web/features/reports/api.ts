import { useQuery } from "@tanstack/react-query";
import type { Report, ReportPeriod, ReportType } from "../../../contract/reports";

export const useReport = (period: ReportPeriod) =>
  useQuery<Report>({ queryKey: ["/api/reports", { period }] });

/** The PDF of one tab, downloaded by the browser itself (a link, not a fetch). */
export const reportPdfUrl = (period: ReportPeriod, type: ReportType) =>
  `/api/reports/export?period=${period}&type=${type}`;
