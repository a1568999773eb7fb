import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Permission } from "../../../contract/roles";
import { PageHeader } from "../../components/page-header";
import { Card } from "../../components/ui/card";
import { queryClient } from "../../lib/query-client";
import { invoiceQueries } from "../invoices/api";
import { storageQueries } from "../storage/api";
import { dashboardQueries } from "./api";
import { EtimsBanner } from "./etims-banner";
import { MetricCards, MetricCardsSkeleton } from "./metric-cards";
import { QuickActions } from "./quick-actions";
import { RecentOrders } from "./recent-orders";
import { defaultTrendRange, SalesTrendChart } from "./sales-trend-chart";
import { BreedingPerformanceCard, InventoryStatusCard, StorageConditionsCard } from "./side-cards";
import { TankAlertBanner, TemperatureBanner } from "./temperature-banner";
import { UssdCard, ussdCardQueries } from "./ussd-card";

/**
 * What the signed-in role may see and do here: money needs finance, storage temperatures the storage
 * permission, the orders list orders:read, and each quick action the permission to finish it.
 */
export default function DashboardPage({ permissions }: { permissions: readonly Permission[] }) {
  const money = permissions.includes("finance");
  const storage = permissions.includes("storage");
  const metrics = useQuery(dashboardQueries.metrics());
  const alerts = useQuery({ ...storageQueries.temperatureAlerts(), enabled: storage });
  const tankAlerts = useQuery({
    ...storageQueries.alerts({ view: "open", limit: 20, offset: 0 }),
    enabled: storage,
    select: (open) => open.filter((a) => a.kind !== "temperature"),
  });
  const recent = useQuery(dashboardQueries.recentOrders());
  const inventory = useQuery(dashboardQueries.inventoryStatus());
  const units = useQuery({ ...storageQueries.units(), enabled: storage });
  const breeding = useQuery(dashboardQueries.breeding());
  const etims = useQuery({ ...invoiceQueries.etimsSummary(), enabled: money });
  const canCall = permissions.includes("customers:write");
  // The USSD card reads its own; asked here too (one request, one cache entry each) so the body waits for them.
  const ussd = ussdCardQueries(canCall);
  const ussdSummary = useQuery(ussd.summary);
  const ussdCalls = useQuery(ussd.calls);
  // The body waits for every read that sets a card's height: a banner or card filling in late pushed down what
  // was under it (CLS 0.11 from the alerts), so a tap meant for a quick action could land on another, and the
  // cards said "No … data available" while their data was still coming.
  const loading = [
    metrics,
    alerts,
    tankAlerts,
    recent,
    inventory,
    units,
    breeding,
    etims,
    ussdSummary,
    ussdCalls,
  ].some((q) => q.isLoading);
  // The chart asks for its trend only once it renders, below the alerts: ask for it now, with the rest.
  useEffect(() => {
    if (money) void queryClient.prefetchQuery(dashboardQueries.salesTrend(defaultTrendRange));
  }, [money]);

  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" subtitle="Today's view of stock, sales, storage and breeding" />
      {loading ? (
        <MetricCardsSkeleton />
      ) : (
        <>
          <TemperatureBanner alerts={alerts.data ?? []} />
          <TankAlertBanner alerts={tankAlerts.data ?? []} />
          <EtimsBanner summary={etims.data} />
          {metrics.data ? (
            <MetricCards metrics={metrics.data} />
          ) : (
            <Card className="p-6 text-center text-sm text-gray-500">No metrics data available</Card>
          )}
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 space-y-6 lg:col-span-2">
              <RecentOrders orders={recent.data} canViewAll={permissions.includes("orders:read")} />
              {money && <SalesTrendChart />}
            </div>
            <div className="min-w-0 space-y-6">
              <InventoryStatusCard status={inventory.data} />
              {storage && <StorageConditionsCard units={units.data} />}
              <UssdCard canCall={canCall} />
              <QuickActions permissions={permissions} />
            </div>
          </div>
          <BreedingPerformanceCard metrics={breeding.data} />
        </>
      )}
    </div>
  );
}
