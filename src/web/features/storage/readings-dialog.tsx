import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { LevelReading, Tank, TemperatureReading } from "../../../contract/tanks";
import { Button } from "../../components/ui/button";
import { RecordDialog } from "../../components/ui/form-dialog";
import { Input } from "../../components/ui/input";
import { toastOutcome } from "../../components/ui/use-toast";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format";
import { storageQueries, useVoidReading } from "./api";

type Reading = (TemperatureReading | LevelReading) & { text: string };

/** Void a wrong reading with the reason; the reading stays in the list, struck through. */
function VoidButton({ reading, kind }: { reading: Reading; kind: "readings" | "levels" }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const voiding = useVoidReading(kind);
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label={`Void ${reading.text}`}>
        Void
      </Button>
    );
  }
  return (
    <form
      className="flex w-full flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        voiding.mutate(
          { id: reading.id, reason },
          toastOutcome({ title: "Reading voided", description: reading.text }, "Please try again", {
            title: "Could not void the reading",
          }),
        );
      }}
    >
      <Input
        aria-label={`Why is ${reading.text} wrong?`}
        placeholder="Why is it wrong?"
        className="h-9 min-w-0 flex-1"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button
        size="sm"
        variant="destructive"
        type="submit"
        disabled={reason.trim().length < 3 || voiding.isPending}
      >
        Void reading
      </Button>
    </form>
  );
}

function ReadingList({
  title,
  readings,
  kind,
}: {
  title: string;
  readings: Reading[];
  kind: "readings" | "levels";
}) {
  return (
    <section className="space-y-2">
      <h4 className="font-semibold">{title}</h4>
      {readings.length === 0 && <p className="text-sm text-gray-500">None yet.</p>}
      <ul className="divide-y divide-gray-200 dark:divide-gray-800" data-testid={`${kind}-list`}>
        {readings.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2 py-2 text-sm" data-testid="reading">
            <span className={cn("tabular-nums font-medium", r.voidedAt && "line-through opacity-60")}>
              {r.text}
            </span>
            <span className="text-gray-500">
              {formatDateTime(r.recordedAt)}
              {r.recordedBy ? ` · ${r.recordedBy}` : ""}
            </span>
            {r.voidedAt ? (
              <span className="w-full text-xs text-gray-600 dark:text-gray-400">
                Voided by {r.voidedBy} on {formatDateTime(r.voidedAt)}: {r.voidReason}
              </span>
            ) : (
              <VoidButton reading={r} kind={kind} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A unit's recent temperature and LN2 level readings, newest first, where a wrong one is voided. */
export function ReadingsDialog({ tank, onClose }: { tank: Tank; onClose: () => void }) {
  const temperatures = useQuery(storageQueries.temperatures(tank.id));
  const levels = useQuery(storageQueries.levels(tank.id));
  return (
    <RecordDialog onClose={onClose} wide title={`Readings: ${tank.name}`} description="The last 20 of each">
      <ReadingList
        title="Temperature"
        kind="readings"
        readings={(temperatures.data ?? []).map((r) => ({ ...r, text: `${r.temperature}°C` }))}
      />
      {tank.unitType === "liquid_nitrogen" && (
        <ReadingList
          title="LN2 level"
          kind="levels"
          readings={(levels.data ?? []).map((r) => ({
            ...r,
            text: r.unit === "cm" ? `${r.value} cm (${r.levelPct}%)` : `${r.levelPct}%`,
          }))}
        />
      )}
    </RecordDialog>
  );
}
