import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "../../components/page-header";
import { Card } from "../../components/ui/card";
import { storageQueries } from "../storage/api";
import { dashboardQueries } from "./api";
import { MetricCards, MetricCardsSkeleton } from "./metric-cards";
import { QuickActions } from "./quick-actions";
import { RecentOrders } from "./recent-orders";
import { SalesTrendChart } from "./sales-trend-chart";
import { BreedingPerformanceCard, InventoryStatusCard, StorageConditionsCard } from "./side-cards";
import { TemperatureBanner } from "./temperature-banner";

/** What the signed-in role may see here: money needs finance, storage temperatures the storage permission. */
export default function DashboardPage({ money, storage }: { money: boolean; storage: boolean }) {
  const metrics = useQuery(dashboardQueries.metrics());
  const alerts = useQuery({ ...storageQueries.temperatureAlerts(), enabled: storage });
  const recent = useQuery(dashboardQueries.recentOrders());
  const inventory = useQuery(dashboardQueries.inventoryStatus());
  const units = useQuery({ ...storageQueries.units(), enabled: storage });
  const breeding = useQuery(dashboardQueries.breeding());

  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" subtitle="Today's view of stock, sales, storage and breeding" />
      <TemperatureBanner alerts={alerts.data ?? []} />
      {metrics.isLoading ? (
        <MetricCardsSkeleton />
      ) : metrics.data ? (
        <MetricCards metrics={metrics.data} />
      ) : (
        <Card className="p-6 text-center text-sm text-gray-500">No metrics data available</Card>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <RecentOrders orders={recent.data} />
          {money && <SalesTrendChart />}
        </div>
        <div className="min-w-0 space-y-6">
          <InventoryStatusCard status={inventory.data} />
          {storage && <StorageConditionsCard units={units.data} />}
          <QuickActions />
        </div>
      </div>
      <BreedingPerformanceCard metrics={breeding.data} />
    </div>
  );
}
