import { useQuery } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { ItemWhereabouts, PlacementInput } from "../../../contract/cryo-store";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { FormDialog } from "../../components/ui/form-dialog";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../components/ui/use-toast";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { inventoryQueries } from "../inventory/api";
import { caneOptions, storeQueries, usePlaceStock } from "./api";

interface Row {
  label: string;
  count: string;
}

/**
 * Puts an item's unplaced straws on many canes (or goblets) in one step: a suggested run of canes of its
 * kind with room comes filled in, each row's cane is typed or picked from a searchable list, and the batch
 * is chosen. A cane that holds another item asks to confirm before the two share it. Orders waiting for the
 * straws get them on their pick lists.
 */
export function PlaceDialog({
  item,
  open,
  onOpenChange,
}: {
  item: ItemWhereabouts;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const maps = useQuery({ ...storeQueries.map(), enabled: open });
  const batches = useQuery({ ...inventoryQueries.detail(item.inventoryItemId), enabled: open });
  const suggestion = useQuery({
    ...storeQueries.suggest(item.inventoryItemId, Math.max(item.unplaced, 1)),
    enabled: open && item.unplaced > 0,
  });
  // The suggested run until the rows are edited; then the edited rows, even when all are removed.
  const [edited, setEdited] = useState<Row[]>();
  const rows =
    edited ?? (suggestion.data?.placements ?? []).map((p) => ({ label: p.label, count: String(p.count) }));
  const setRows = (change: (all: Row[]) => Row[]) => setEdited(change(rows));
  const [batchId, setBatchId] = useState("");
  const [mixing, setMixing] = useState<string>();
  const [error, setError] = useState<string>();
  const place = usePlaceStock();

  const options = caneOptions(maps.data, undefined, item.caneKind);
  const idOf = new Map(options.map(([id, text]) => [text.split(",")[0]!.toUpperCase(), Number(id)]));
  const listId = `canes-${item.inventoryItemId}`;
  const total = rows.reduce((sum, r) => sum + (Number(r.count) || 0), 0);
  const setRow = (i: number, change: Partial<Row>) =>
    setRows((all) => all.map((r, k) => (k === i ? { ...r, ...change } : r)));

  const send = (allowMixing: boolean) => {
    const unknown = rows.find((r) => !idOf.has(r.label.trim().toUpperCase()));
    if (unknown) return setError(`${unknown.label || "A row"} is not a ${item.caneKind} with room`);
    const input: PlacementInput = {
      inventoryItemId: item.inventoryItemId,
      batchId: batchId ? Number(batchId) : undefined,
      placements: rows.map((r) => ({
        caneId: idOf.get(r.label.trim().toUpperCase())!,
        count: Number(r.count),
      })),
      allowMixing,
    };
    setError(undefined);
    place.mutate(input, {
      onSuccess: (placed) => {
        toast({ title: "Straws placed", description: `${placed.itemId}: ${placed.unplaced} left to place.` });
        setMixing(undefined);
        onOpenChange(false);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.code === "MIXED_POSITION") setMixing(apiErrorMessage(e));
        else setError(apiErrorMessage(e) ?? "Failed to place the straws");
      },
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(mixing !== undefined);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Place ${item.itemId}`}
      description={`${item.unplaced} units are in no position yet. ${
        item.caneKind === "goblet" ? "Embryos go in goblets." : "Semen straws go on canes."
      }`}
      onSubmit={submit}
      pending={place.isPending}
      submitDisabled={rows.length === 0 || total === 0}
      submitLabel={mixing ? "Place anyway" : `Place ${total} straws`}
      pendingLabel="Placing..."
      columns={1}
    >
      <Field label="Batch" id="place-batch">
        <NativeSelect id="place-batch" value={batchId} onChange={(e) => setBatchId(e.target.value)}>
          <option value="">The newest batch</option>
          {(batches.data?.batches ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.code}
              {b.expiryDate ? `, use by ${b.expiryDate}` : ""}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <datalist id={listId}>
        {options.map(([id, text]) => (
          <option key={id} value={text.split(",")[0]}>
            {text}
          </option>
        ))}
      </datalist>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">Canes and straws</legend>
        {suggestion.data && suggestion.data.short > 0 && (
          <p className="text-sm text-amber-700 dark:text-amber-400">
            {suggestion.data.short} have no room: add a canister first.
          </p>
        )}
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id of their own
          <div key={i} className="flex items-center gap-2" data-testid="place-row">
            <Input
              aria-label={`Cane ${i + 1}`}
              list={listId}
              placeholder="Type a label, e.g. T1-C2-3"
              value={row.label}
              onChange={(e) => setRow(i, { label: e.target.value })}
            />
            <Input
              aria-label={`Straws on cane ${i + 1}`}
              inputMode="numeric"
              className="w-24"
              value={row.count}
              onChange={(e) => setRow(i, { count: e.target.value })}
            />
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label={`Remove cane ${i + 1}`}
              onClick={() => setRows((all) => all.filter((_, k) => k !== i))}
            >
              <X />
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setRows((all) => [...all, { label: "", count: "" }])}
        >
          <Plus /> Add a cane
        </Button>
      </fieldset>
      {mixing && (
        <p
          role="alert"
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {mixing}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
