import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { receiveBatchInputSchema } from "../../../contract/batches";
import type { InventoryItemDetail } from "../../../contract/inventory";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { optionalNumber, useContractForm } from "../../lib/form";
import { formatDate } from "../../lib/format";
import { storeQueries } from "../storage/api";
import { useReceiveBatch, useWriteOff } from "./api";

const scrollBox = "overflow-x-auto rounded-md border border-gray-200 dark:border-gray-700";

const failed = (title: string) => (error: Error) =>
  toast({ variant: "destructive", title, description: apiErrorMessage(error) ?? "Please try again" });

/**
 * A new batch of the item arriving: its details and how many units, placed in the same step on a suggested
 * run of canes of its kind with room (or left to place on the Tank map).
 */
function ReceiveBatchForm({ item }: { item: InventoryItemDetail }) {
  const [placeRun, setPlaceRun] = useState(true);
  const form = useContractForm({
    schema: receiveBatchInputSchema,
    idPrefix: "batch",
    initial: { code: "", collectedOn: "", expiryDate: "", motilityPct: "", count: "", note: "" },
    toInput: (v) => ({
      batch: {
        code: v.code,
        collectedOn: v.collectedOn || null,
        expiryDate: v.expiryDate || null,
        motilityPct: optionalNumber(v.motilityPct) ?? null,
      },
      count: optionalNumber(v.count),
      note: v.note || null,
    }),
    errorPaths: {
      "batch.code": "code",
      "batch.collectedOn": "collectedOn",
      "batch.expiryDate": "expiryDate",
      "batch.motilityPct": "motilityPct",
    },
  });
  const receive = useReceiveBatch();
  const count = useDeferredValue(Number(form.values.count) || 0);
  const run = useQuery({
    ...storeQueries.suggest(item.id, Math.max(count, 1)),
    enabled: placeRun && count > 0,
  });
  const positions =
    placeRun && count > 0
      ? run.data?.placements.map(({ caneId, count: n }) => ({ caneId, count: n }))
      : undefined;
  const onSubmit = form.handleSubmit((input) =>
    receive.mutate(
      { id: item.id, ...input, positions },
      {
        onSuccess: (after) => {
          toast({
            title: "Batch received",
            description: `${item.itemId} batch ${input.batch.code}: ${after.currentStock} on hand. ${
              positions?.length
                ? `Placed on ${positions.length} ${positions.length === 1 ? "position" : "positions"}.`
                : "Place the straws on the Tank map."
            }`,
          });
          form.reset();
        },
        onError: (error) => {
          form.showServerErrors(error);
          failed("Batch not received")(error);
        },
      },
    ),
  );
  return (
    <form className="grid gap-3 sm:grid-cols-3" onSubmit={onSubmit} noValidate aria-label="Receive a batch">
      <Field label="Batch code" bind={form.field("code")} />
      <Field label="Units received" inputMode="numeric" bind={form.field("count")} />
      <Field label="Post-thaw motility (%)" inputMode="numeric" bind={form.field("motilityPct")} />
      <Field label="Collected on" type="date" bind={form.field("collectedOn")} />
      <Field label="Use by" type="date" bind={form.field("expiryDate")} />
      <Field label="Note" bind={form.field("note")} />
      <div className="text-sm sm:col-span-3">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-700"
            checked={placeRun}
            onChange={(e) => setPlaceRun(e.target.checked)}
          />
          Place on the suggested {item.type === "embryo" ? "goblets" : "canes"}
        </label>
        {placeRun && count > 0 && run.data && (
          <p className="mt-1 text-gray-600 dark:text-gray-400" data-testid="suggested-run">
            {run.data.placements.length > 0
              ? `Goes to ${run.data.placements.map((p) => `${p.label} (${p.count})`).join(", ")}`
              : "No cane has room."}
            {run.data.short > 0 && ` ${run.data.short} have no room: add a canister on the Tank map.`}
          </p>
        )}
      </div>
      <Button type="submit" className="sm:col-span-3" disabled={receive.isPending}>
        Receive batch
      </Button>
    </form>
  );
}

/**
 * The item's batches, soonest expiry first (the order pick lists take them in), with what of each is in the
 * store and promised. An expired batch is never picked; its free straws can be written off from here.
 */
export function BatchesPanel({ item, canWrite }: { item: InventoryItemDetail; canWrite: boolean }) {
  const writeOff = useWriteOff();
  return (
    <section aria-labelledby="batches-heading" className="space-y-3">
      <h4 id="batches-heading" className="text-sm font-semibold">
        Batches
      </h4>
      {item.batches.length === 0 ? (
        <p className="text-sm text-gray-500">No batch recorded yet.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <section className={scrollBox} tabIndex={0} aria-label="Batches table">
          <table className="w-full text-left text-xs" data-testid="batches">
            <thead className="bg-gray-50 dark:bg-gray-800">
              <tr>
                <th className="p-2 font-medium">Batch</th>
                <th className="p-2 font-medium">Collected</th>
                <th className="p-2 font-medium">Use by</th>
                <th className="p-2 text-right font-medium">Motility</th>
                <th className="p-2 text-right font-medium">In store</th>
                <th className="p-2 text-right font-medium">On pick lists</th>
                {canWrite && <th className="p-2 font-medium">Action</th>}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
              {item.batches.map((b) => (
                <tr key={b.id}>
                  <td className="p-2 font-mono font-semibold">
                    {b.code} {b.expired && <Badge tone="red">Expired</Badge>}
                  </td>
                  <td className="p-2">{formatDate(b.collectedOn)}</td>
                  <td className="p-2">{formatDate(b.expiryDate)}</td>
                  <td className="p-2 text-right tabular-nums">
                    {b.motilityPct === null ? "–" : `${b.motilityPct}%`}
                  </td>
                  <td className="p-2 text-right tabular-nums">{b.placed}</td>
                  <td className="p-2 text-right tabular-nums">{b.allocated}</td>
                  {canWrite && (
                    <td className="p-2">
                      {b.expired && b.placed > b.allocated && (
                        <Button
                          size="sm"
                          variant="destructive"
                          disabled={writeOff.isPending}
                          onClick={() =>
                            writeOff.mutate(
                              {
                                id: item.id,
                                quantity: b.placed - b.allocated,
                                reason: "expired",
                                batchId: b.id,
                              },
                              {
                                onSuccess: () =>
                                  toast({
                                    title: "Stock written off",
                                    description: `${b.placed - b.allocated} straws of batch ${b.code} written off.`,
                                  }),
                                onError: failed("Not written off"),
                              },
                            )
                          }
                        >
                          Write off {b.placed - b.allocated}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {canWrite && <ReceiveBatchForm item={item} />}
    </section>
  );
}
