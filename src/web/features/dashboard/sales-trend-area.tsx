import { Area, AreaChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { SalesTrendPoint } from "../../../contract/dashboard";
import { chartGrid } from "../../components/chart-parts";
import { formatKes } from "../../lib/format";

const compactKes = new Intl.NumberFormat("en-KE", { notation: "compact", maximumFractionDigits: 1 });

/** The revenue area of the dashboard's sales trend: the part that needs Recharts. */
export default function SalesTrendArea({ data }: { data: (SalesTrendPoint & { label: string })[] }) {
  return (
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
        <YAxis tickFormatter={(v: number) => compactKes.format(v)} tick={{ fontSize: 12 }} width={48} />
        <Tooltip formatter={(v) => [formatKes(Number(v)), "Revenue"]} />
        {/* As the reports' charts: the area does not grow in over 1.5 s, a re-render every frame. */}
        <Area
          isAnimationActive={false}
          type="monotone"
          dataKey="revenue"
          stroke="#15803d"
          strokeWidth={2}
          fill="url(#revenueFill)"
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
