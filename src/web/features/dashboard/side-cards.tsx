import type { BreedingMetrics, InventoryStatus } from "../../../contract/dashboard";
import type { StorageCondition } from "../../../contract/storage";
import { LinkButton } from "../../components/link-button";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { formatChange, formatDateTime } from "../../lib/format";

/** The dashboard shows at most this many storage units (SPEC section 9). */
const STORAGE_UNITS_SHOWN = 3;

export function InventoryStatusCard({ status }: { status: InventoryStatus | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Inventory Status</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-xs text-gray-500 dark:text-gray-400">
          Available to sell: viable stock not held for orders
        </p>
        {!status ? (
          <p className="py-4 text-center text-sm text-gray-500">No inventory data available</p>
        ) : (
          <dl className="space-y-2 text-sm" data-testid="inventory-status">
            <div className="flex justify-between">
              <dt className="text-gray-600 dark:text-gray-400">Embryos</dt>
              <dd className="font-semibold">{status.embryos.toLocaleString("en-KE")} units</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-gray-600 dark:text-gray-400">Sperm</dt>
              <dd className="font-semibold">{status.sperm.toLocaleString("en-KE")} doses</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-gray-600 dark:text-gray-400">Low stock items</dt>
              <dd
                className={cn("font-semibold", status.lowStock > 0 && "text-orange-700 dark:text-orange-400")}
              >
                {status.lowStock}
              </dd>
            </div>
          </dl>
        )}
        <LinkButton href="/genetic-inventory" variant="outline" className="w-full">
          View Full Inventory
        </LinkButton>
      </CardContent>
    </Card>
  );
}

const alertTone = { normal: "green", warning: "yellow", critical: "red" } as const;

export function StorageConditionsCard({ units }: { units: StorageCondition[] | undefined }) {
  const shown = units?.slice(0, STORAGE_UNITS_SHOWN) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Storage Conditions</CardTitle>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="py-4 text-center text-sm text-gray-500">No storage condition data available</p>
        ) : (
          <ul className="space-y-3" data-testid="storage-conditions">
            {shown.map((u) => (
              <li key={u.id} className="flex items-center justify-between gap-2 text-sm">
                <div>
                  <p className="font-medium">{u.storageUnit}</p>
                  <p className="text-xs text-gray-500">Updated {formatDateTime(u.lastUpdated)}</p>
                </div>
                <div className="text-right">
                  <p className="font-semibold tabular-nums">{u.temperature}°C</p>
                  <Badge tone={alertTone[u.alertStatus]} className="capitalize">
                    {u.alertStatus}
                  </Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Rate({ label, value, change }: { label: string; value: number; change: number }) {
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span className="text-gray-600 dark:text-gray-400">{label}</span>
        <span className="font-semibold">
          {value}%{" "}
          <span
            className={cn(
              "text-xs",
              change >= 0 ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400",
            )}
          >
            ({formatChange(change, " pts")})
          </span>
        </span>
      </div>
      <div className="h-2 rounded-full bg-gray-100 dark:bg-gray-800">
        <div className="h-2 rounded-full bg-brand-600" style={{ width: `${Math.min(value, 100)}%` }} />
      </div>
    </div>
  );
}

export function BreedingPerformanceCard({ metrics }: { metrics: BreedingMetrics | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Breeding Performance</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4" data-testid="breeding-performance">
        {!metrics ? (
          <p className="py-4 text-center text-sm text-gray-500">No breeding metrics data available</p>
        ) : (
          <>
            <Rate label="AI Success Rate" value={metrics.aiSuccessRate} change={metrics.aiGrowth} />
            <Rate label="ET Success Rate" value={metrics.etSuccessRate} change={metrics.etGrowth} />
            <Rate label="Pregnancy Rate" value={metrics.pregnancyRate} change={metrics.pregnancyGrowth} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
