import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { salesTrendRangeLabels, salesTrendRanges } from "../../../contract/dashboard";
import { ChoiceSelect } from "../../components/choice-select";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { optionsOf } from "../../components/ui/field";
import { useBeforeFirstPaint } from "../../lib/first-paint";
import { formatMonth } from "../../lib/format";
import { dashboardQueries } from "./api";

type Range = (typeof salesTrendRanges)[number];

// Recharts (about 100 kB gzip) loads, and the chart draws, after the dashboard's figures have painted: the
// chart is half the screen's rendering. Until then, the server's drawing included, a box of fixed height
// holds its place.
const SalesTrendArea = lazy(() => import("./sales-trend-area"));
const pulse = <div className="h-full animate-pulse rounded bg-gray-100 dark:bg-gray-800" />;

const ranges = optionsOf(salesTrendRanges, salesTrendRangeLabels);
export const defaultTrendRange: Range = "6m";

export function SalesTrendChart() {
  const [range, setRange] = useState<Range>(defaultTrendRange);
  const trend = useQuery(dashboardQueries.salesTrend(range));
  const first = useBeforeFirstPaint();
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
          {trend.isLoading || first ? (
            pulse
          ) : (
            <Suspense fallback={pulse}>
              <SalesTrendArea data={data ?? []} />
            </Suspense>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
