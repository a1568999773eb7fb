import type { ReactElement, ReactNode } from "react";
import { ResponsiveContainer } from "recharts";
import { axisTick, tooltipProps } from "../../components/chart-parts";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { formatDay, formatKes, formatMonth } from "../../lib/format";

export const COLORS = ["#15803d", "#2563eb", "#9333ea", "#ea580c", "#ca8a04"];
export const compact = new Intl.NumberFormat("en-KE", { notation: "compact", maximumFractionDigits: 1 });

/** A report bucket ("2026-11-24" or "2026-11") as the reader's date: "24 Nov", "Nov 26". */
export const bucketLabel = (label: string): string =>
  label.length === 7 ? formatMonth(label) : formatDay(label);
/** The x axis of a period's series: every bucket, labelled as a date. */
export const bucketAxis = { dataKey: "label", tickFormatter: bucketLabel, tick: axisTick, minTickGap: 12 };
/** Tooltips name the bucket as a date and give money in KSh. */
export const moneyTooltip = {
  ...tooltipProps,
  labelFormatter: (label: unknown) => bucketLabel(String(label)),
  formatter: (value: unknown, name: unknown) =>
    String(name).startsWith("Revenue") ? formatKes(Number(value)) : Number(value).toLocaleString(),
};

export function ChartCard({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="h-72" data-testid={testId}>
          <ResponsiveContainer width="100%" height="100%">
            {children as ReactElement}
          </ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}
