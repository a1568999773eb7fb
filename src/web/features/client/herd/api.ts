import type * as herd from "../../../../contract/herd";
import type { Pagination } from "../../../../contract/pagination";
import type * as visits from "../../../../contract/service-requests";
import { apiJson, newIdempotencyKey } from "../../../lib/api";
import { getQuery, useApiMutation } from "../../../lib/query";

export const herdQueries = {
  cows: (page: Partial<Pagination> = { limit: 100 }) => getQuery<herd.Cow[]>("/api/client/cows", page),
  cow: (id: number) => getQuery<herd.Cow>(`/api/client/cows/${id}`),
  events: (id: number) => getQuery<herd.CowEvent[]>(`/api/client/cows/${id}/events`),
  calendar: () => getQuery<herd.Reminder[]>("/api/client/calendar"),
  straws: () => getQuery<herd.BoughtStraw[]>("/api/client/straws"),
  visits: (cowId: number) =>
    getQuery<visits.ServiceRequest[]>("/api/client/service-requests", { cowId, limit: 20 }),
  prices: () => getQuery<visits.ServicePrice[]>("/api/service-prices"),
};

/** A cow's change shows in the herd, her page, the calendar and what straws are left. */
const herdPaths = ["/api/client/cows", "/api/client/calendar", "/api/client/straws"];

export const useAddCow = () =>
  useApiMutation((input: herd.CowInput) => apiJson<herd.Cow>("POST", "/api/client/cows", input), {
    invalidates: herdPaths,
  });

export const useUpdateCow = (id: number) =>
  useApiMutation(
    (input: { reminders?: boolean }) => apiJson<herd.Cow>("PATCH", `/api/client/cows/${id}`, input),
    { invalidates: herdPaths },
  );

/** Adds a herd from a CSV file's text: all its cows, or none. */
export const useImportCows = () =>
  useApiMutation((csv: string) => apiJson<{ imported: number }>("POST", "/api/client/cows/import", { csv }), {
    invalidates: herdPaths,
  });

/** Records an event under one key per tap: a retry after a timeout records it once. */
export const useAddEvent = (id: number) =>
  useApiMutation(
    (input: herd.CowEventInput) =>
      apiJson<herd.CowEvent>("POST", `/api/client/cows/${id}/events`, input, newIdempotencyKey()),
    { invalidates: herdPaths },
  );

/** Asks for an inseminator or a PD visit, under one key per tap: a retry after a timeout asks once. */
export const useRequestVisit = () =>
  useApiMutation(
    (input: visits.ServiceRequestInput) =>
      apiJson<visits.ServiceRequest>("POST", "/api/client/service-requests", input, newIdempotencyKey()),
    { invalidates: ["/api/client/service-requests"] },
  );

export const useCancelVisit = () =>
  useApiMutation(
    (id: number) => apiJson<visits.ServiceRequest>("POST", `/api/client/service-requests/${id}/cancel`, {}),
    { invalidates: ["/api/client/service-requests"] },
  );
