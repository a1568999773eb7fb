import { AlertTriangle, Download, Package, ShoppingCart, Thermometer, TrendingUp, Users } from "lucide-react";
import { type ReactNode, useState } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { customerTypeLabels } from "../../../contract/customers";
import {
  type Report,
  type ReportPeriod,
  type ReportType,
  reportPeriodLabels,
  reportPeriods,
  reportTypes,
} from "../../../contract/reports";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadingCards } from "../../components/ui/loading-cards";
import { NativeSelect } from "../../components/ui/native-select";
import { StatCard } from "../../components/ui/stat-card";
import { TableHead } from "../../components/ui/table-head";
import { cn } from "../../lib/cn";
import { formatDate, formatKes } from "../../lib/format";
import { reportPdfUrl, useReport } from "./api";

const COLORS = ["#15803d", "#2563eb", "#9333ea", "#ea580c", "#ca8a04"];
const compact = new Intl.NumberFormat("en-KE", { notation: "compact", maximumFractionDigits: 1 });
const tabLabels: Record<ReportType, string> = {
  overview: "Overview",
  sales: "Sales",
  inventory: "Inventory",
  customers: "Customers",
};
// SPEC section 9: chart tooltips update at most about every 16 ms.
const tooltipProps = { animationDuration: 16 };

function ChartCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="h-72" data-testid={testId}>
          <ResponsiveContainer width="100%" height="100%">
            {children as React.ReactElement}
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}

function Overview({ r }: { r: Report }) {
  const distribution = r.customerReport.distribution.map((d) => ({
    name: customerTypeLabels[d.type as keyof typeof customerTypeLabels] ?? d.type,
    value: d.count,
  }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title="Revenue" testId="chart-revenue">
        <LineChart data={r.salesReport.series}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis tickFormatter={(v: number) => compact.format(v)} width={48} tick={{ fontSize: 11 }} />
          <Tooltip {...tooltipProps} formatter={(v) => formatKes(Number(v))} />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey="revenue"
            name="Revenue"
            stroke="#15803d"
            strokeWidth={2}
          />
        </LineChart>
      </ChartCard>
      <ChartCard title="Customer distribution" testId="chart-distribution">
        <PieChart>
          <Pie
            isAnimationActive={false}
            data={distribution}
            dataKey="value"
            nameKey="name"
            innerRadius={60}
            outerRadius={100}
            label
          >
            {distribution.map((d, i) => (
              <Cell key={d.name} fill={COLORS[i % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip {...tooltipProps} />
          <Legend />
        </PieChart>
      </ChartCard>
    </div>
  );
}

function Sales({ r }: { r: Report }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title="Revenue and orders" testId="chart-sales">
        <BarChart data={r.salesReport.series}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis
            yAxisId="kes"
            tickFormatter={(v: number) => compact.format(v)}
            width={48}
            tick={{ fontSize: 11 }}
          />
          <YAxis yAxisId="n" orientation="right" allowDecimals={false} width={32} tick={{ fontSize: 11 }} />
          <Tooltip {...tooltipProps} />
          <Legend />
          <Bar
            isAnimationActive={false}
            yAxisId="kes"
            dataKey="revenue"
            name="Revenue (KES)"
            fill="#15803d"
          />
          <Bar isAnimationActive={false} yAxisId="n" dataKey="orders" name="Orders" fill="#2563eb" />
        </BarChart>
      </ChartCard>
      <Card>
        <CardHeader>
          <CardTitle>Top products</CardTitle>
        </CardHeader>
        <CardContent>
          {r.salesReport.topProducts.length === 0 ? (
            <p className="text-sm text-gray-500">No sales in this period.</p>
          ) : (
            <ul className="space-y-3" data-testid="top-products">
              {r.salesReport.topProducts.map((p) => (
                <li key={p.name} className="space-y-1 text-sm">
                  <div className="flex justify-between gap-2">
                    <span className="font-medium">{p.name}</span>
                    <span>
                      {formatKes(p.revenue)} · {p.share}%
                    </span>
                  </div>
                  <div className="h-2 rounded-full bg-gray-100 dark:bg-gray-800">
                    <div className="h-2 rounded-full bg-brand-600" style={{ width: `${p.share}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Inventory({ i }: { i: NonNullable<Report["inventoryReport"]> }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title="Stock by category" testId="chart-stock">
        <BarChart data={i.stockByCategory}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="category" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} width={32} tick={{ fontSize: 11 }} />
          <Tooltip {...tooltipProps} />
          <Legend />
          <Bar isAnimationActive={false} dataKey="inStock" name="In stock" stackId="s" fill="#15803d" />
          <Bar isAnimationActive={false} dataKey="lowStock" name="Low stock" stackId="s" fill="#ea580c" />
          <Bar isAnimationActive={false} dataKey="expired" name="Expired" stackId="s" fill="#dc2626" />
        </BarChart>
      </ChartCard>
      <Card>
        <CardHeader>
          <CardTitle>Alerts</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm" data-testid="inventory-alerts">
          <p className="flex gap-2">
            <AlertTriangle className="h-4 w-4 shrink-0 text-orange-600" />
            <span>
              <strong>Low stock:</strong>{" "}
              {i.lowStock.map((l) => `${l.itemId} (${l.available})`).join(", ") || "none"}
            </span>
          </p>
          <p className="flex gap-2">
            <Package className="h-4 w-4 shrink-0 text-yellow-600" />
            <span>
              <strong>Expiring within 30 days:</strong>{" "}
              {i.expiringSoon
                .map((e) => `${e.itemId} (${formatDate(`${e.expiryDate}T12:00:00Z`)})`)
                .join(", ") || "none"}
            </span>
          </p>
          <p className="flex gap-2">
            <Thermometer className="h-4 w-4 shrink-0 text-red-600" />
            <span>
              <strong>Temperature:</strong>{" "}
              {i.temperature.length === 0
                ? "all storage units normal"
                : i.temperature
                    .map((t) => `${t.storageUnit} ${t.temperature}°C (${t.alertStatus})`)
                    .join(", ")}
            </span>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

function Customers({ r }: { r: Report }) {
  const c = r.customerReport;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title="Customer growth" testId="chart-growth">
        <LineChart data={c.growth}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} width={32} tick={{ fontSize: 11 }} />
          <Tooltip {...tooltipProps} />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey="customers"
            name="Customers"
            stroke="#2563eb"
            strokeWidth={2}
          />
        </LineChart>
      </ChartCard>
      <Card>
        <CardHeader>
          <CardTitle>Segments</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-2 text-sm">
            {c.distribution.map((d) => (
              <li key={d.type} className="flex justify-between">
                <span>{customerTypeLabels[d.type as keyof typeof customerTypeLabels] ?? d.type}</span>
                <span className="font-semibold">
                  {d.count} ({Math.round((d.count / Math.max(c.activeCustomers, 1)) * 100)}%)
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-gray-500">{c.newCustomers} new in this period</p>
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Top customers</CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full min-w-[560px] text-left text-sm" data-testid="top-customers">
            <TableHead columns={["Customer", "Type", "Orders", "Revenue", "Last Order"]} />
            <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
              {c.topCustomers.map((t) => (
                <tr key={t.name}>
                  <td className="py-2 pr-3">{t.name}</td>
                  <td className="py-2 pr-3 capitalize">{t.type}</td>
                  <td className="py-2 pr-3">{t.orders}</td>
                  <td className="py-2 pr-3">{formatKes(t.revenue)}</td>
                  <td className="py-2">{formatDate(t.lastOrder)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}

export default function ReportsPage() {
  const [period, setPeriod] = useState<ReportPeriod>("30d");
  const [tab, setTab] = useState<ReportType>("overview");
  const report = useReport(period);
  const r = report.data;
  return (
    <div>
      <PageHeader
        title="Reports and Analytics"
        subtitle="Sales, customers and stock for the period you choose"
        actions={
          <>
            <NativeSelect
              aria-label="Report period"
              className="w-40"
              value={period}
              onChange={(e) => setPeriod(e.target.value as ReportPeriod)}
            >
              {reportPeriods.map((p) => (
                <option key={p} value={p}>
                  {reportPeriodLabels[p]}
                </option>
              ))}
            </NativeSelect>
            <Button asChild>
              <a href={reportPdfUrl(period, tab)} download>
                <Download /> Export Report
              </a>
            </Button>
          </>
        }
      />
      {!r ? (
        <LoadingCards />
      ) : (
        <div className="space-y-6">
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard
              label="Total Revenue"
              value={formatKes(r.salesReport.totalRevenue)}
              icon={TrendingUp}
              hint={`Order value booked; ${formatKes(r.salesReport.ledger.outstandingKes)} outstanding`}
            />
            <StatCard label="Total Orders" value={r.salesReport.totalOrders} icon={ShoppingCart} />
            <StatCard label="Active Customers" value={r.customerReport.activeCustomers} icon={Users} />
            {r.inventoryReport && (
              <StatCard
                label="Inventory Items"
                value={r.inventoryReport.totalItems}
                icon={Package}
                hint={`${r.inventoryReport.lowStockItems} low stock`}
              />
            )}
          </div>
          <div
            className="flex gap-1 overflow-x-auto border-b border-gray-200 dark:border-gray-800"
            role="tablist"
          >
            {reportTypes
              .filter((t) => t !== "inventory" || r.inventoryReport)
              .map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  aria-selected={tab === t}
                  onClick={() => setTab(t)}
                  className={cn(
                    "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
                    tab === t
                      ? "border-brand-700 text-brand-800 dark:text-brand-500"
                      : "border-transparent text-gray-500",
                  )}
                >
                  {tabLabels[t]}
                </button>
              ))}
          </div>
          {tab === "overview" && <Overview r={r} />}
          {tab === "sales" && <Sales r={r} />}
          {tab === "inventory" && r.inventoryReport && <Inventory i={r.inventoryReport} />}
          {tab === "customers" && <Customers r={r} />}
        </div>
      )}
    </div>
  );
}
