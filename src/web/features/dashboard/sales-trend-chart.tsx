import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { salesTrendRangeLabels, salesTrendRanges } from "../../../contract/dashboard";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { NativeSelect } from "../../components/ui/native-select";
import { formatKes, formatMonth } from "../../lib/format";
import { dashboardQueries } from "./api";

type Range = (typeof salesTrendRanges)[number];

const compactKes = new Intl.NumberFormat("en-KE", { notation: "compact", maximumFractionDigits: 1 });

export function SalesTrendChart() {
  const [range, setRange] = useState<Range>("6m");
  const trend = useQuery(dashboardQueries.salesTrend(range));
  const data = trend.data?.map((p) => ({ ...p, label: formatMonth(p.month) }));
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Monthly Sales Trend</CardTitle>
        <NativeSelect
          aria-label="Sales trend range"
          className="w-44"
          value={range}
          onChange={(e) => setRange(e.target.value as Range)}
        >
          {salesTrendRanges.map((r) => (
            <option key={r} value={r}>
              {salesTrendRangeLabels[r]}
            </option>
          ))}
        </NativeSelect>
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
                <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
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
