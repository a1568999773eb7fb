import type * as dash from "../../../contract/dashboard";
import type { Order } from "../../../contract/orders";
import type { CallbackRequest, CallbackRequestQuery, UssdSummary } from "../../../contract/ussd";
import { apiRequest } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const dashboardQueries = {
  metrics: () => getQuery<dash.DashboardMetrics>("/api/dashboard/metrics"),
  recentOrders: () => getQuery<Order[]>("/api/orders/recent"),
  inventoryStatus: () => getQuery<dash.InventoryStatus>("/api/inventory/status"),
  breeding: () => getQuery<dash.BreedingMetrics>("/api/breeding/metrics"),
  ussd: () => getQuery<UssdSummary>("/api/ussd/summary"),
  callbacks: (query: CallbackRequestQuery) => getQuery<CallbackRequest[]>("/api/callback-requests", query),
  salesTrend: (range: (typeof dash.salesTrendRanges)[number]) =>
    getQuery<dash.SalesTrendPoint[]>("/api/dashboard/sales-trend", { range }),
};

/** A member of staff rang a farmer back: the request leaves the list. */
export const useMarkCalled = () =>
  useApiMutation(
    async (id: number) => void (await apiRequest("POST", `/api/callback-requests/${id}/called`)),
    {
      invalidates: ["/api/callback-requests", "/api/ussd/summary"],
    },
  );
