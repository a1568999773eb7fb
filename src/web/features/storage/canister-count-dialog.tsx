import { type FormEvent, useState } from "react";
import type { Canister, TankMap } from "../../../contract/cryo-store";
import { FormDialog } from "../../components/ui/form-dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { useCountCanister } from "./api";

/** Each item in a canister with the straws the map has for it there. */
function itemsIn(canister: Canister) {
  const items = new Map<number, { itemId: string; breedName: string; onMap: number }>();
  for (const cane of canister.canes)
    for (const c of cane.contents) {
      const item = items.get(c.inventoryItemId) ?? { itemId: c.itemId, breedName: c.breedName, onMap: 0 };
      item.onMap += c.count;
      items.set(c.inventoryItemId, item);
    }
  return [...items].map(([inventoryItemId, item]) => ({ inventoryItemId, ...item }));
}

/**
 * Counts a canister as the store does, lifted out of the tank: the straws found per item. Each difference
 * moves that item's stock (a large one waits for a second person) and a shortfall comes off these canes.
 */
export function CanisterCountDialog({
  tank,
  canister,
  open,
  onOpenChange,
}: {
  tank: TankMap;
  canister: Canister;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const items = itemsIn(canister);
  const [found, setFound] = useState<Record<number, string>>(() =>
    Object.fromEntries(items.map((i) => [i.inventoryItemId, String(i.onMap)])),
  );
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const count = useCountCanister(canister.id);
  const bad = items.find((i) => !/^\d+$/.test(found[i.inventoryItemId]?.trim() ?? ""));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (bad) return setError(`Enter the straws of ${bad.itemId} found (0 if none)`);
    setError(undefined);
    const lines = items.map((i) => ({
      inventoryItemId: i.inventoryItemId,
      counted: Number(found[i.inventoryItemId]),
    }));
    count.mutate(
      { lines, note: note.trim() || undefined },
      {
        onSuccess: (results) => {
          const waiting = results.filter((r) => !r.applied).length;
          toast({
            title: "Canister counted",
            description: waiting
              ? `${results.length - waiting} applied; ${waiting} large ${waiting === 1 ? "difference waits" : "differences wait"} for a second person.`
              : `${results.length} ${results.length === 1 ? "item" : "items"} counted.`,
          });
          onOpenChange(false);
        },
        onError: (e) => setError(apiErrorMessage(e) ?? "The count was not saved"),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Count ${canister.label}`}
      description={`${tank.name}: the straws of each item found in this canister.`}
      onSubmit={submit}
      pending={count.isPending}
      submitDisabled={items.length === 0}
      submitLabel="Save count"
      pendingLabel="Saving..."
      columns={1}
    >
      {items.length === 0 && <p className="text-sm text-gray-500">This canister holds nothing on the map.</p>}
      {items.map((i) => {
        const typed = Number(found[i.inventoryItemId]);
        const diff = Number.isFinite(typed) ? typed - i.onMap : 0;
        return (
          <div key={i.inventoryItemId} className="flex items-end gap-3" data-testid="count-line">
            <div className="flex-1 space-y-1">
              <Label htmlFor={`found-${i.inventoryItemId}`}>
                {i.itemId} · {i.breedName}
              </Label>
              <p className="text-xs text-gray-500">
                {i.onMap} on the map{diff !== 0 && ` · ${diff > 0 ? "+" : ""}${diff}`}
              </p>
            </div>
            <Input
              id={`found-${i.inventoryItemId}`}
              aria-label={`${i.itemId} found`}
              inputMode="numeric"
              className="w-24"
              value={found[i.inventoryItemId] ?? ""}
              onChange={(e) => setFound((f) => ({ ...f, [i.inventoryItemId]: e.target.value }))}
            />
          </div>
        );
      })}
      <div className="space-y-1">
        <Label htmlFor="count-note">Note</Label>
        <Input id="count-note" value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
