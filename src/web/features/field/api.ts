import type { ServiceRequest } from "../../../contract/service-requests";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const fieldQueries = {
  jobs: () => getQuery<ServiceRequest[]>("/api/field/jobs"),
};

/** The technician marks one of their own visits done. */
export const useJobDone = () =>
  useApiMutation((id: number) => apiJson<ServiceRequest>("POST", `/api/field/jobs/${id}/done`, {}), {
    invalidates: ["/api/field/jobs"],
  });
