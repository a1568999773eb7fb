import { useQuery } from "@tanstack/react-query";
import type {
  BreedingMetrics,
  DashboardMetrics,
  InventoryStatus,
  SalesTrendPoint,
  salesTrendRanges,
} from "../../../contract/dashboard";
import type { Order } from "../../../contract/orders";

export const useDashboardMetrics = () => useQuery<DashboardMetrics>({ queryKey: ["/api/dashboard/metrics"] });
export const useRecentOrders = () => useQuery<Order[]>({ queryKey: ["/api/orders/recent"] });
export const useInventoryStatus = () => useQuery<InventoryStatus>({ queryKey: ["/api/inventory/status"] });
export const useBreedingMetrics = () => useQuery<BreedingMetrics>({ queryKey: ["/api/breeding/metrics"] });
export const useSalesTrend = (range: (typeof salesTrendRanges)[number]) =>
  useQuery<SalesTrendPoint[]>({ queryKey: ["/api/dashboard/sales-trend", { range }] });
