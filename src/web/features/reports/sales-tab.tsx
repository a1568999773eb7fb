import { Bar, BarChart, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { Report } from "../../../contract/reports";
import { axisTick, chartGrid } from "../../components/chart-parts";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { formatKes } from "../../lib/format";
import { bucketAxis, ChartCard, compact, moneyTooltip } from "./chart-card";

export function Sales({ r }: { r: Report }) {
  const money = r.salesReport.totalRevenue !== null;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title={money ? "Revenue and orders" : "Orders"} testId="chart-sales">
        <BarChart data={r.salesReport.series}>
          {chartGrid}
          <XAxis {...bucketAxis} />
          {money && (
            <YAxis
              yAxisId="kes"
              tickFormatter={(v: number) => compact.format(v)}
              width={48}
              tick={axisTick}
            />
          )}
          <YAxis yAxisId="n" orientation="right" allowDecimals={false} width={32} tick={axisTick} />
          <Tooltip {...moneyTooltip} />
          <Legend />
          {money && (
            <Bar isAnimationActive={false} yAxisId="kes" dataKey="revenue" name="Revenue" fill="#15803d" />
          )}
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
                      {p.revenue === null ? `${p.units} units` : formatKes(p.revenue)} · {p.share}%
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
