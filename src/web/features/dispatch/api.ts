import type * as dispatch from "../../../contract/service-requests";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const dispatchQueries = {
  requests: (query: Partial<dispatch.ServiceRequestQuery>) =>
    getQuery<dispatch.ServiceRequest[]>("/api/service-requests", query),
  counts: () => getQuery<dispatch.ServiceBoardCounts>("/api/service-requests/counts"),
  technicians: () => getQuery<dispatch.FieldTechnician[]>("/api/field-technicians"),
  prices: () => getQuery<dispatch.ServicePrice[]>("/api/service-prices"),
};

/** An assignment, a visit done or cancelled shows on the board, its counts and the technicians' loads. */
const invalidates = ["/api/service-requests", "/api/field-technicians", "/api/field/jobs"];

export const useAssign = () =>
  useApiMutation(
    ({ id, technicianId }: { id: number; technicianId: number }) =>
      apiJson<dispatch.ServiceRequest>("POST", `/api/service-requests/${id}/assign`, { technicianId }),
    { invalidates },
  );

export const useCancelRequest = () =>
  useApiMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      apiJson<dispatch.ServiceRequest>("POST", `/api/service-requests/${id}/cancel`, { reason }),
    { invalidates },
  );

export const useMarkDone = () =>
  useApiMutation(
    (id: number) => apiJson<dispatch.ServiceRequest>("POST", `/api/service-requests/${id}/done`, {}),
    { invalidates },
  );

export const useSetPrice = () =>
  useApiMutation(
    ({ kind, priceKes }: dispatch.ServicePrice) =>
      apiJson<dispatch.ServicePrice>("PUT", `/api/service-prices/${kind}`, { priceKes }),
    { invalidates: ["/api/service-prices"] },
  );
