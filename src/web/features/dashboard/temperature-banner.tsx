import { AlertTriangle, Thermometer } from "lucide-react";
import type { StorageCondition } from "../../../contract/storage";
import { cn } from "../../lib/cn";

const critical = {
  role: "alert",
  Icon: AlertTriangle,
  tone: "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
  text: (a: StorageCondition) => (
    <>
      <strong>Critical temperature alert:</strong> {a.storageUnit} is at {a.temperature}°C, above the optimal
      range. {a.affectedSamples} samples affected.
    </>
  ),
};
const warning = {
  role: "status",
  Icon: Thermometer,
  tone: "border-yellow-300 bg-yellow-50 text-yellow-800 dark:border-yellow-800 dark:bg-yellow-950 dark:text-yellow-200",
  text: (a: StorageCondition) => (
    <>
      <strong>Temperature monitoring:</strong> {a.storageUnit} is at {a.temperature}°C; keep it under watch.{" "}
      {a.affectedSamples} samples stored.
    </>
  ),
};

/** Critical units: a red alert that the temperature is above the optimal range; warnings: a yellow notice. */
export function TemperatureBanner({ alerts }: { alerts: StorageCondition[] }) {
  if (alerts.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="temperature-alerts">
      {alerts.map((a) => {
        const { role, Icon, tone, text } = a.alertStatus === "critical" ? critical : warning;
        return (
          <div key={a.id} role={role} className={cn("flex gap-3 rounded-lg border p-3 text-sm", tone)}>
            <Icon className="h-5 w-5 shrink-0" aria-hidden />
            <p>{text(a)}</p>
          </div>
        );
      })}
    </div>
  );
}
