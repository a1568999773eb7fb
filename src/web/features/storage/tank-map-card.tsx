import { ArrowRightLeft, ClipboardList, Plus, QrCode } from "lucide-react";
import { type Canister, caneKindLabels, type TankMap } from "../../../contract/cryo-store";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import type { MoveFrom } from "./transfer-dialog";

export type MapAction =
  | { kind: "canister" | "labels"; tank: TankMap }
  | { kind: "move"; from: MoveFrom }
  | { kind: "count"; tank: TankMap; canister: Canister };

const pct = (filled: number, capacity: number) =>
  capacity === 0 ? 0 : Math.round((filled / capacity) * 100);

function FillBar({ filled, capacity }: { filled: number; capacity: number }) {
  const p = pct(filled, capacity);
  return (
    <div className="h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800" aria-hidden>
      <div
        className={cn("h-full rounded-full", p >= 95 ? "bg-amber-500" : "bg-brand-600")}
        style={{ width: `${p}%` }}
      />
    </div>
  );
}

/** What a canister holds, summed per item ("EMB-HF-001 ×48"). */
function contentsOf(canister: Canister) {
  const sums = new Map<string, number>();
  for (const cane of canister.canes)
    for (const c of cane.contents) sums.set(c.itemId, (sums.get(c.itemId) ?? 0) + c.count);
  return [...sums].map(([itemId, n]) => `${itemId} ×${n}`).join(", ");
}

function CanisterRow({
  tank,
  canister,
  onAction,
}: {
  tank: TankMap;
  canister: Canister;
  onAction: (a: MapAction) => void;
}) {
  return (
    <details
      className="group rounded-md border border-gray-200 dark:border-gray-700"
      data-testid={`canister-${canister.label}`}
    >
      <summary className="cursor-pointer list-none space-y-1 p-2 text-sm">
        <div className="flex items-baseline justify-between gap-2">
          <span className="font-mono font-semibold">{canister.label}</span>
          <span className="tabular-nums text-gray-600 dark:text-gray-400">
            {caneKindLabels[canister.caneKind]}s · {canister.filled}/{canister.capacity} (
            {pct(canister.filled, canister.capacity)}%)
          </span>
        </div>
        <FillBar filled={canister.filled} capacity={canister.capacity} />
        <p className="truncate text-xs text-gray-500">{contentsOf(canister) || "Empty"}</p>
      </summary>
      <div className="border-t border-gray-200 px-2 py-1.5 dark:border-gray-700">
        <Button size="sm" variant="outline" onClick={() => onAction({ kind: "count", tank, canister })}>
          <ClipboardList /> Count {canister.label}
        </Button>
      </div>
      <ul className="divide-y divide-gray-100 border-t border-gray-200 text-sm dark:divide-gray-800 dark:border-gray-700">
        {canister.canes.map((cane) => (
          <li key={cane.id} className="px-2 py-1.5">
            <div className="flex justify-between gap-2 tabular-nums">
              <span className="font-mono">{cane.label}</span>
              <span className="text-gray-500">
                {cane.filled}/{cane.capacity}
              </span>
            </div>
            {cane.contents.map((c) => (
              <div key={c.batchId} className="flex items-center justify-between gap-2 pl-3 text-xs">
                <span>
                  {c.itemId} · {c.breedName} · batch {c.batchCode}: {c.count}
                  {c.allocated > 0 && ` (${c.allocated} on pick lists)`}
                </span>
                {c.count > c.allocated && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${c.itemId} from ${cane.label}`}
                    onClick={() =>
                      onAction({
                        kind: "move",
                        from: {
                          inventoryItemId: c.inventoryItemId,
                          itemId: c.itemId,
                          batchId: c.batchId,
                          batchCode: c.batchCode,
                          caneId: cane.id,
                          label: cane.label,
                          free: c.count - c.allocated,
                          caneKind: canister.caneKind,
                        },
                      })
                    }
                  >
                    <ArrowRightLeft /> Move
                  </Button>
                )}
              </div>
            ))}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** One tank's canisters with their fill and contents; canes open under each canister. */
export function TankMapCard({ tank, onAction }: { tank: TankMap; onAction: (a: MapAction) => void }) {
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid={`map-${tank.name}`}>
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">
            {tank.name} <span className="font-mono text-sm text-gray-500">{tank.label}</span>
          </h3>
          <p className="text-sm text-gray-500 tabular-nums">
            {tank.filled.toLocaleString()} of {tank.capacity.toLocaleString()} straw places used
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            size="sm"
            variant="outline"
            onClick={() => onAction({ kind: "labels", tank })}
            disabled={tank.canisters.length === 0}
          >
            <QrCode /> Labels
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAction({ kind: "canister", tank })}>
            <Plus /> Canister
          </Button>
        </div>
      </div>
      {tank.canisters.length === 0 ? (
        <p className="text-sm text-gray-500">No canisters yet.</p>
      ) : (
        tank.canisters.map((c) => <CanisterRow key={c.id} tank={tank} canister={c} onAction={onAction} />)
      )}
    </Card>
  );
}
