import { DollarSign, Heart, type LucideIcon, Package, TrendingDown, TrendingUp, Users } from "lucide-react";
import type { DashboardMetrics } from "../../../contract/dashboard";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { formatChange, formatKes, formatUsd } from "../../lib/format";

function MetricCard(props: {
  label: string;
  value: string;
  extra?: string;
  change: number;
  unit?: string;
  icon: LucideIcon;
}) {
  const up = props.change >= 0;
  const Trend = up ? TrendingUp : TrendingDown;
  return (
    <Card className="p-4 sm:p-5" data-testid={`metric-${props.label}`}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm text-gray-500 dark:text-gray-400">{props.label}</p>
        <props.icon className="h-5 w-5 text-brand-700 dark:text-brand-500" aria-hidden />
      </div>
      <p className="mt-2 text-2xl font-bold tabular-nums" data-testid="metric-value">
        {props.value}
      </p>
      {props.extra && <p className="text-xs text-gray-500 dark:text-gray-400">{props.extra}</p>}
      <p
        className={cn(
          "mt-2 flex items-center gap-1 text-xs font-medium",
          up ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400",
        )}
      >
        <Trend className="h-3.5 w-3.5" aria-hidden />
        <span data-testid="metric-change">{formatChange(props.change, props.unit)}</span>
        <span className="font-normal text-gray-500 dark:text-gray-400">from last month</span>
      </p>
    </Card>
  );
}

export function MetricCards({ metrics }: { metrics: DashboardMetrics }) {
  const withMoney = metrics.monthlyRevenue !== null;
  return (
    <div
      className={cn(
        "grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4",
        withMoney ? "xl:grid-cols-4" : "xl:grid-cols-3",
      )}
    >
      <MetricCard
        label="Total Inventory"
        value={metrics.totalInventory.toLocaleString("en-KE")}
        extra="units on hand, held for orders included"
        change={metrics.inventoryGrowth}
        icon={Package}
      />
      {withMoney && (
        <MetricCard
          label="Monthly Revenue"
          value={formatKes(metrics.monthlyRevenue ?? 0)}
          extra={`booked on this month's orders, ≈ ${formatUsd(metrics.monthlyRevenueUsd ?? 0)}${
            metrics.held?.refundDueKes ? ` · to refund ${formatKes(metrics.held.refundDueKes)}` : ""
          }`}
          change={metrics.revenueGrowth ?? 0}
          icon={DollarSign}
        />
      )}
      <MetricCard
        label="Success Rate"
        value={`${metrics.successRate}%`}
        extra="pregnant or calved, of services with a known outcome"
        change={metrics.successRateGrowth}
        unit=" pts"
        icon={Heart}
      />
      <MetricCard
        label="Active Customers"
        value={metrics.activeCustomers.toLocaleString("en-KE")}
        change={metrics.customerGrowth}
        icon={Users}
      />
    </div>
  );
}

export function MetricCardsSkeleton() {
  return (
    <div
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4"
      data-testid="metrics-loading"
    >
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} className="h-32 animate-pulse bg-gray-100 dark:bg-gray-800" />
      ))}
    </div>
  );
}
