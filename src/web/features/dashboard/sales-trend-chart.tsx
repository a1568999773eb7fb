import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Area, AreaChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { salesTrendRangeLabels, salesTrendRanges } from "../../../contract/dashboard";
import { chartGrid } from "../../components/chart-parts";
import { ChoiceSelect } from "../../components/choice-select";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { optionsOf } from "../../components/ui/field";
import { formatKes, formatMonth } from "../../lib/format";
import { dashboardQueries } from "./api";

type Range = (typeof salesTrendRanges)[number];

const compactKes = new Intl.NumberFormat("en-KE", { notation: "compact", maximumFractionDigits: 1 });

const ranges = optionsOf(salesTrendRanges, salesTrendRangeLabels);

export function SalesTrendChart() {
  const [range, setRange] = useState<Range>("6m");
  const trend = useQuery(dashboardQueries.salesTrend(range));
  const data = trend.data?.map((p) => ({ ...p, label: formatMonth(p.month) }));
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Monthly Sales Trend</CardTitle>
        <ChoiceSelect
          label="Sales trend range"
          className="w-44"
          options={ranges}
          value={range}
          onChange={setRange}
        />
      </CardHeader>
      <CardContent>
        <div className="h-64" data-testid="sales-trend-chart" data-points={data?.length ?? 0}>
          {trend.isLoading ? (
            <div className="h-full animate-pulse rounded bg-gray-100 dark:bg-gray-800" />
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <defs>
                  <linearGradient id="revenueFill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="5%" stopColor="#16a34a" stopOpacity={0.35} />
                    <stop offset="95%" stopColor="#16a34a" stopOpacity={0} />
                  </linearGradient>
                </defs>
                {chartGrid}
                <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                <YAxis
                  tickFormatter={(v: number) => compactKes.format(v)}
                  tick={{ fontSize: 12 }}
                  width={48}
                />
                <Tooltip formatter={(v) => [formatKes(Number(v)), "Revenue"]} />
                <Area
                  type="monotone"
                  dataKey="revenue"
                  stroke="#15803d"
                  strokeWidth={2}
                  fill="url(#revenueFill)"
                />
              </AreaChart>
            </ResponsiveContainer>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
