import type * as dash from "../../../contract/dashboard";
import type { Order } from "../../../contract/orders";
import { getQuery } from "../../lib/query";

export const dashboardQueries = {
  metrics: () => getQuery<dash.DashboardMetrics>("/api/dashboard/metrics"),
  recentOrders: () => getQuery<Order[]>("/api/orders/recent"),
  inventoryStatus: () => getQuery<dash.InventoryStatus>("/api/inventory/status"),
  breeding: () => getQuery<dash.BreedingMetrics>("/api/breeding/metrics"),
  salesTrend: (range: (typeof dash.salesTrendRanges)[number]) =>
    getQuery<dash.SalesTrendPoint[]>("/api/dashboard/sales-trend", { range }),
};
