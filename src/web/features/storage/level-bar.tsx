import { LEVEL_WARNING_MARGIN_PCT, type Tank } from "../../../contract/tanks";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format";

/** The tank's LN2 as a gauge, with its minimum safe level marked; the figures beside it say the same in words. */
export function LevelBar({ tank }: { tank: Tank }) {
  if (!tank.level) return <p className="text-sm text-gray-500">No level reading yet.</p>;
  const { pct, recordedAt } = tank.level;
  const tone =
    pct <= tank.minSafeLevelPct
      ? "bg-red-600"
      : pct <= tank.minSafeLevelPct + LEVEL_WARNING_MARGIN_PCT
        ? "bg-yellow-500"
        : "bg-sky-600";
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="tabular-nums">
          <span className="font-semibold" data-testid="tank-level">
            LN2 {pct}%
          </span>{" "}
          <span className="text-xs text-gray-500 dark:text-gray-400">(min {tank.minSafeLevelPct}%)</span>
        </span>
        <span className="text-xs text-gray-500 dark:text-gray-400">dipped {formatDateTime(recordedAt)}</span>
      </div>
      <div
        className="relative mt-1 h-3 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
        aria-hidden
      >
        <div className={cn("h-full rounded-full", tone)} style={{ width: `${pct}%` }} />
        <div
          className="absolute inset-y-0 w-0.5 bg-gray-900 dark:bg-gray-100"
          style={{ left: `${tank.minSafeLevelPct}%` }}
        />
      </div>
    </div>
  );
}
