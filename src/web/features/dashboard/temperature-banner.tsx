import { AlertTriangle, Fuel, Thermometer } from "lucide-react";
import { Link } from "wouter";
import type { StorageCondition } from "../../../contract/storage";
import { type StorageAlert, storageAlertKindLabels } from "../../../contract/tanks";
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

/**
 * LN2 level and refill alerts nobody has acknowledged: one line each, with the way to Cryo Storage, where
 * they are acknowledged. A dry tank loses everything in it, so they sit beside the temperature alerts.
 */
export function TankAlertBanner({ alerts }: { alerts: StorageAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="tank-alerts">
      {alerts.map((a) => {
        const { role, tone } = a.severity === "critical" ? critical : warning;
        return (
          <div
            key={a.id}
            role={role}
            className={cn("flex flex-wrap items-center gap-3 rounded-lg border p-3 text-sm", tone)}
          >
            <Fuel className="h-5 w-5 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1">
              <strong>{storageAlertKindLabels[a.kind]}:</strong> {a.message}
            </p>
            <Link href="/storage" className="font-medium underline underline-offset-2">
              Open Cryo Storage
            </Link>
          </div>
        );
      })}
    </div>
  );
}

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
