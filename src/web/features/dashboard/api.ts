import type {
  BreedingMetrics,
  DashboardMetrics,
  InventoryStatus,
  SalesTrendPoint,
  salesTrendRanges,
} from "../../../contract/dashboard";
import type { Order } from "../../../contract/orders";
import { getQuery } from "../../lib/query";

export const dashboardQueries = {
  metrics: () => getQuery<DashboardMetrics>("/api/dashboard/metrics"),
  recentOrders: () => getQuery<Order[]>("/api/orders/recent"),
  inventoryStatus: () => getQuery<InventoryStatus>("/api/inventory/status"),
  breeding: () => getQuery<BreedingMetrics>("/api/breeding/metrics"),
  salesTrend: (range: (typeof salesTrendRanges)[number]) =>
    getQuery<SalesTrendPoint[]>("/api/dashboard/sales-trend", { range }),
};
