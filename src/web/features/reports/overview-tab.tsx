import { Cell, Legend, Line, LineChart, Pie, PieChart, Tooltip, XAxis, YAxis } from "recharts";
import { customerTypeLabels } from "../../../contract/customers";
import type { Report } from "../../../contract/reports";
import { axisTick, chartGrid, tooltipProps } from "../../components/chart-parts";
import { bucketAxis, ChartCard, COLORS, compact, moneyTooltip } from "./chart-card";

export function Overview({ r }: { r: Report }) {
  const money = r.salesReport.totalRevenue !== null;
  const distribution = r.customerReport.distribution.map((d) => ({
    name: customerTypeLabels[d.type as keyof typeof customerTypeLabels] ?? d.type,
    value: d.count,
  }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title={money ? "Revenue" : "Booked orders"} testId="chart-revenue">
        <LineChart data={r.salesReport.series}>
          {chartGrid}
          <XAxis {...bucketAxis} />
          <YAxis tickFormatter={(v: number) => compact.format(v)} width={48} tick={axisTick} />
          <Tooltip {...moneyTooltip} />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey={money ? "revenue" : "orders"}
            name={money ? "Revenue" : "Orders"}
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
