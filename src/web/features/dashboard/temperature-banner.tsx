import { AlertTriangle, Thermometer } from "lucide-react";
import type { StorageCondition } from "../../../contract/storage";

/** Critical units: a red alert that the temperature is above the optimal range; warnings: a yellow notice. */
export function TemperatureBanner({ alerts }: { alerts: StorageCondition[] }) {
  if (alerts.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="temperature-alerts">
      {alerts.map((a) =>
        a.alertStatus === "critical" ? (
          <div
            key={a.id}
            role="alert"
            className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden />
            <p>
              <strong>Critical temperature alert:</strong> {a.storageUnit} is at {a.temperature}°C, above the
              optimal range. {a.affectedSamples} samples affected.
            </p>
          </div>
        ) : (
          <div
            key={a.id}
            role="status"
            className="flex gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-800 dark:border-yellow-800 dark:bg-yellow-950 dark:text-yellow-200"
          >
            <Thermometer className="h-5 w-5 shrink-0" aria-hidden />
            <p>
              <strong>Temperature monitoring:</strong> {a.storageUnit} is at {a.temperature}°C; keep it under
              watch. {a.affectedSamples} samples stored.
            </p>
          </div>
        ),
      )}
    </div>
  );
}
