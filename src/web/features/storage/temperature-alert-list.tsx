import { AlertTriangle, Droplets, Thermometer } from "lucide-react";
import type { StorageCondition } from "../../../contract/storage";
import { type StorageAlert, storageAlertKindLabels } from "../../../contract/tanks";
import { cn } from "../../lib/cn";

const tone = {
  critical: "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200",
  warning: "bg-yellow-50 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-200",
} as const;

/** Storage units out of their safe range, as listed in the header's notifications. */
export function TemperatureAlertList({
  alerts,
  tankAlerts = [],
}: {
  alerts: StorageCondition[] | undefined;
  /** Open LN2 level and refill alerts, below the temperatures. */
  tankAlerts?: StorageAlert[];
}) {
  if (!alerts) return <p className="text-sm text-gray-500">Loading…</p>;
  if (alerts.length === 0 && tankAlerts.length === 0)
    return <p className="text-sm text-gray-500">All storage units are in range.</p>;
  return (
    <ul className="space-y-2">
      {tankAlerts.map((a) => (
        <li key={`tank-${a.id}`} className={cn("flex gap-2 rounded-md p-2 text-sm", tone[a.severity])}>
          <Droplets className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            <strong>{storageAlertKindLabels[a.kind]}</strong>: {a.message}
          </span>
        </li>
      ))}
      {alerts.map((a) => (
        <li
          key={a.id}
          className={cn(
            "flex gap-2 rounded-md p-2 text-sm",
            tone[a.alertStatus === "critical" ? "critical" : "warning"],
          )}
        >
          {a.alertStatus === "critical" ? (
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          ) : (
            <Thermometer className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          )}
          <span>
            <strong>{a.storageUnit}</strong> at {a.temperature}°C
            {a.alertStatus === "critical" ? " is above the optimal range" : " needs temperature monitoring"} (
            {a.affectedSamples} samples)
          </span>
        </li>
      ))}
    </ul>
  );
}
