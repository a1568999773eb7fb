import type { AuditQuery, AuditSummary } from "../../../contract/audit";
import type { DataRequest, DataRequestQuery } from "../../../contract/data-rights";
import { urlFromQueryKey } from "../../../contract/query-url";
import type { StaffMember } from "../../../contract/staff";
import { getQuery } from "../../lib/query";

/** Staff to filter the trail by, by name (Directors see them all on /staff too). */
export const staffForFilter = () =>
  getQuery<StaffMember[]>("/api/staff", { limit: 500, sort: "name", order: "asc" });

/** The CSV of the trail under the same filters, fetched by the browser as a download. */
export const auditCsvUrl = (query: Partial<AuditQuery>) => urlFromQueryKey(["/api/audit.csv", query]);

export const auditSummaryQuery = () => getQuery<AuditSummary>("/api/audit/summary");

export const dataRequestsQuery = (query: Partial<DataRequestQuery>) =>
  getQuery<DataRequest[]>("/api/data-requests", query);
