import { Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { customerTypeLabels } from "../../../contract/customers";
import type { Report } from "../../../contract/reports";
import { axisTick, chartGrid } from "../../components/chart-parts";
import { DataTable } from "../../components/data-table";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { formatDate, formatKes } from "../../lib/format";
import { bucketAxis, ChartCard, moneyTooltip } from "./chart-card";

type TopCustomer = Report["customerReport"]["topCustomers"][number];

export function Customers({ r }: { r: Report }) {
  const money = r.salesReport.totalRevenue !== null;
  const c = r.customerReport;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title="Customer growth" testId="chart-growth">
        <LineChart data={c.growth}>
          {chartGrid}
          <XAxis {...bucketAxis} />
          <YAxis allowDecimals={false} width={32} tick={axisTick} />
          <Tooltip {...moneyTooltip} />
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
        <CardContent data-testid="top-customers">
          <DataTable
            rows={c.topCustomers}
            rowKey={(t) => t.name}
            caption="Top customers"
            columns={[
              { header: "Customer", cell: (t) => t.name },
              { header: "Type", cell: (t) => t.type, className: "capitalize" },
              { header: "Orders", cell: (t) => t.orders },
              ...(money ? [{ header: "Revenue", cell: (t: TopCustomer) => formatKes(t.revenue ?? 0) }] : []),
              { header: "Last Order", cell: (t) => formatDate(t.lastOrder) },
            ]}
          />
        </CardContent>
      </Card>
    </div>
  );
}
