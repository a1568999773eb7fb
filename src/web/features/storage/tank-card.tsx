import { Droplets, Fuel, History, type LucideIcon, Thermometer } from "lucide-react";
import type { ReactNode } from "react";
import { storageUnitTypeLabels } from "../../../contract/storage";
import type { Tank } from "../../../contract/tanks";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatDate, formatKes } from "../../lib/format";
import { LevelBar } from "./level-bar";

export type TankAction = "level" | "temperature" | "refill" | "readings";

const statusTone = { normal: "green", warning: "yellow", critical: "red" } as const;
/** The store room's readings; the first one shown is the main action. */
const actions: { action: TankAction; label: string; icon: LucideIcon; ln2Only: boolean }[] = [
  { action: "level", label: "Level", icon: Droplets, ln2Only: true },
  { action: "temperature", label: "Temperature", icon: Thermometer, ln2Only: false },
  { action: "refill", label: "Refill", icon: Fuel, ln2Only: true },
  { action: "readings", label: "Readings", icon: History, ln2Only: false },
];
/** A forecast's calendar day, read at noon so no time zone moves it to the day before. */
const day = (d: string | null) => (d ? formatDate(`${d}T12:00:00`) : "–");

/** One storage unit: temperature, LN2 gauge, what its readings forecast and what it holds. */
export function TankCard({ tank, onAction }: { tank: Tank; onAction: (action: TankAction) => void }) {
  const ln2 = tank.unitType === "liquid_nitrogen";
  const facts: [string, ReactNode][] = ln2
    ? [
        ["Evaporation", tank.evaporationPctPerDay === null ? "–" : `${tank.evaporationPctPerDay}% a day`],
        ["Minimum safe on", day(tank.minSafeOn)],
        [
          "Refill by",
          <span
            key="refill"
            className={tank.refillOverdue ? "font-semibold text-red-700 dark:text-red-400" : undefined}
          >
            {day(tank.nextRefillOn)}
            {tank.refillOverdue && " (overdue)"}
          </span>,
        ],
        [
          "Last refill",
          tank.lastRefill ? `${formatDate(tank.lastRefill.at)}, ${tank.lastRefill.litres} L` : "–",
        ],
      ]
    : [];
  facts.push(["Samples", tank.samples.toLocaleString()], ["Stock at risk", formatKes(tank.stockAtRiskKes)]);
  return (
    <Card className="flex flex-col gap-4 p-4" data-testid={`tank-${tank.name}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold">{tank.name}</h3>
          <p className="text-sm text-gray-500 dark:text-gray-400">
            {storageUnitTypeLabels[tank.unitType]} · {tank.location}
          </p>
        </div>
        <Badge tone={statusTone[tank.alertStatus]} className="shrink-0 tabular-nums">
          {tank.temperature}°C
        </Badge>
      </div>
      {ln2 && <LevelBar tank={tank} />}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-gray-500 dark:text-gray-400">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        {actions
          .filter((a) => ln2 || !a.ln2Only)
          .map(({ action, label, icon: Icon }, i) => (
            <Button
              key={action}
              size="sm"
              variant={i === 0 ? "default" : "outline"}
              onClick={() => onAction(action)}
              aria-label={`${label}, ${tank.name}`}
            >
              <Icon className="h-4 w-4" aria-hidden /> {label}
            </Button>
          ))}
      </div>
    </Card>
  );
}
