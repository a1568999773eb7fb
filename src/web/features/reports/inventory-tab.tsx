import { AlertTriangle, Package, Thermometer } from "lucide-react";
import { Bar, BarChart, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { Report } from "../../../contract/reports";
import { axisTick, chartGrid, tooltipProps } from "../../components/chart-parts";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { formatDate } from "../../lib/format";
import { ChartCard } from "./chart-card";

export function Inventory({ i }: { i: NonNullable<Report["inventoryReport"]> }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title="Stock by category" testId="chart-stock">
        <BarChart data={i.stockByCategory}>
          {chartGrid}
          <XAxis dataKey="category" tick={axisTick} />
          <YAxis allowDecimals={false} width={32} tick={axisTick} />
          <Tooltip {...tooltipProps} />
          <Legend />
          <Bar isAnimationActive={false} dataKey="inStock" name="In stock" stackId="s" fill="#15803d" />
          <Bar isAnimationActive={false} dataKey="lowStock" name="Low stock" stackId="s" fill="#ea580c" />
          <Bar isAnimationActive={false} dataKey="expired" name="Expired" stackId="s" fill="#dc2626" />
          <Bar
            isAnimationActive={false}
            dataKey="compromised"
            name="Compromised"
            stackId="s"
            fill="#7c3aed"
          />
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
