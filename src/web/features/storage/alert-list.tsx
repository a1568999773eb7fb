import { AlertTriangle, BellRing } from "lucide-react";
import { type StorageAlert, storageAlertKindLabels } from "../../../contract/tanks";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format";

const tone = {
  critical: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  warning:
    "border-yellow-300 bg-yellow-50 text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950 dark:text-yellow-100",
};

/** Alerts nobody has acknowledged yet, critical first, each with its Acknowledge button. */
export function OpenAlerts({
  alerts,
  onAcknowledge,
}: {
  alerts: StorageAlert[];
  onAcknowledge: (alert: StorageAlert) => void;
}) {
  if (alerts.length === 0) return null;
  return (
    <section aria-labelledby="open-alerts" className="space-y-2">
      <h2 id="open-alerts" className="flex items-center gap-2 font-semibold">
        <BellRing className="h-4 w-4" aria-hidden /> Alerts to acknowledge ({alerts.length})
      </h2>
      <ul className="space-y-2">
        {alerts.map((a) => (
          <li
            key={a.id}
            className={cn(
              "flex flex-col gap-3 rounded-lg border p-3 text-sm sm:flex-row sm:items-center",
              tone[a.severity],
            )}
          >
            <AlertTriangle className="hidden h-5 w-5 shrink-0 sm:block" aria-hidden />
            <div className="min-w-0 flex-1">
              <p>
                <strong className="capitalize">{a.severity}</strong> · {storageAlertKindLabels[a.kind]}:{" "}
                {a.message}
              </p>
              <p className="text-xs opacity-80">Raised {formatDateTime(a.raisedAt)}</p>
              {a.clearedAt && (
                <p className="text-xs font-medium" data-testid="alert-cleared">
                  Back to normal since {formatDateTime(a.clearedAt)}: acknowledge to close it
                </p>
              )}
            </div>
            <Button
              size="sm"
              variant="outline"
              onClick={() => onAcknowledge(a)}
              aria-label={`Acknowledge: ${a.message}`}
            >
              Acknowledge
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What happened to past alerts: who acknowledged them, what they did, and whether the condition ended. */
export function AlertHistory({ alerts }: { alerts: StorageAlert[] }) {
  return (
    <ul className="divide-y divide-gray-200 dark:divide-gray-800">
      {alerts.map((a) => (
        <li key={a.id} className="flex flex-col gap-1 py-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={a.severity === "critical" ? "red" : "yellow"}>{a.severity}</Badge>
            <span className="font-medium">{storageAlertKindLabels[a.kind]}</span>
            <span className="text-gray-500 dark:text-gray-400">{formatDateTime(a.raisedAt)}</span>
            <Badge tone={a.resolvedAt ? "green" : "gray"}>{a.resolvedAt ? "Resolved" : "Still active"}</Badge>
          </div>
          <p>{a.message}</p>
          {a.acknowledgedAt && (
            <p className="text-gray-600 dark:text-gray-400">
              Acknowledged by {a.acknowledgedBy} on {formatDateTime(a.acknowledgedAt)}: “
              {a.acknowledgementNote}”
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
