import { queryOptions } from "@tanstack/react-query";
import type { FieldConflict, FieldSyncAnswer, FieldSyncResult } from "../../../contract/field";
import type { FlaskDetail } from "../../../contract/flasks";
import type { ServiceRequest } from "../../../contract/service-requests";
import { apiJson } from "../../lib/api";
import { getQuery, invalidatePaths, useApiMutation } from "../../lib/query";
import { dropRecord, queuedRecords, readThroughPhone } from "./phone-store";

/** The technician's jobs and flask come through the phone's store, so they open offline too. */
export const fieldQueries = {
  jobs: () =>
    queryOptions({
      queryKey: ["/api/field/jobs"],
      queryFn: () => readThroughPhone<ServiceRequest[]>("/api/field/jobs"),
    }),
  flask: () =>
    queryOptions({
      queryKey: ["/api/field/flask"],
      queryFn: () => readThroughPhone<FlaskDetail[]>("/api/field/flask"),
    }),
  conflicts: () => getQuery<FieldConflict[]>("/api/field/conflicts"),
};

/**
 * Sends every record waiting on the phone. Each the server answered (recorded, or kept as a conflict) leaves
 * the queue; with no network nothing leaves, and the next attempt sends them again under the same ids.
 */
export async function syncQueued(): Promise<FieldSyncResult[]> {
  const records = await queuedRecords();
  if (records.length === 0) return [];
  const { results } = await apiJson<FieldSyncAnswer>("POST", "/api/field/sync", { records });
  for (const r of results) await dropRecord(r.clientId);
  await invalidatePaths(["/api/field/jobs", "/api/field/flask", "/api/field/conflicts"]);
  return results;
}

export const useDismissConflict = () =>
  useApiMutation(
    (clientId: string) => apiJson<FieldSyncResult>("POST", `/api/field/conflicts/${clientId}/dismiss`, {}),
    { invalidates: ["/api/field/conflicts"] },
  );
