import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  type InventoryItem,
  type InventoryItemDetail,
  isLargeCount,
  LARGE_COUNT_KES,
  LARGE_COUNT_PCT,
  stockCountInputSchema,
  writeOffInputSchema,
  writeOffReasonLabels,
  writeOffReasons,
} from "../../../contract/inventory";
import { TabBar } from "../../components/tab-bar";
import { Button } from "../../components/ui/button";
import { Field, optionsOf } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage } from "../../lib/api";
import { optionalNumber, useContractForm } from "../../lib/form";
import { formatDateTime, formatKes } from "../../lib/format";
import { useSession } from "../../lib/session";
import { storeQueries } from "../storage/api";
import { useDecideCount, useRecordCount, useWriteOff } from "./api";

const failed = (title: string) => (error: Error) =>
  toast({ variant: "destructive", title, description: apiErrorMessage(error) ?? "Please try again" });

/** Units out for good, with a reason: only what no order holds. */
function WriteOffForm({ item }: { item: InventoryItem }) {
  const form = useContractForm({
    schema: writeOffInputSchema,
    idPrefix: "writeoff",
    initial: { quantity: "", reason: "damaged", note: "", caneId: "" },
    toInput: (v) => ({
      ...v,
      quantity: optionalNumber(v.quantity),
      note: v.note || null,
      caneId: optionalNumber(v.caneId),
    }),
  });
  // Where its straws are, so a damaged cane's straws are the ones that go.
  const where = useQuery(storeQueries.locate(item.itemId));
  const positions = where.data?.find((w) => w.inventoryItemId === item.id)?.positions ?? [];
  const caneOptions = positions
    .filter((p) => p.count > p.allocated)
    .map(
      (p) => [String(p.caneId), `${p.label}, batch ${p.batchCode}: ${p.count - p.allocated} free`] as const,
    );
  const writeOff = useWriteOff();
  const units = Number(form.values.quantity) || 0;
  const onSubmit = form.handleSubmit((input) =>
    writeOff.mutate(
      { id: item.id, ...input },
      {
        onSuccess: (after) => {
          toast({
            title: "Stock written off",
            description: `${item.itemId}: ${after.currentStock} on hand.`,
          });
          form.reset();
        },
        onError: (error) => {
          form.showServerErrors(error);
          failed("Not written off")(error);
        },
      },
    ),
  );
  return (
    <form className="grid gap-3 sm:grid-cols-3" onSubmit={onSubmit} noValidate aria-label="Write stock off">
      <Field label="Units" inputMode="numeric" bind={form.field("quantity")} />
      <Field
        label="Reason"
        options={optionsOf(writeOffReasons, writeOffReasonLabels)}
        bind={form.field("reason")}
      />
      <Field label="Note" bind={form.field("note")} />
      <Field
        label="From cane or goblet"
        wide
        options={[["", "Newest straws first"], ...caneOptions]}
        bind={form.field("caneId")}
      />
      <p className="text-sm sm:col-span-3" data-testid="write-off-value">
        {units > 0
          ? `${units} × ${item.itemId} at ${formatKes(item.costPerUnit)}: ${formatKes(units * item.costPerUnit)} written off`
          : `${item.availableStock} free to write off, at ${formatKes(item.costPerUnit)} each`}
      </p>
      <Button type="submit" variant="destructive" className="sm:col-span-3" disabled={writeOff.isPending}>
        Write off ({item.availableStock} free)
      </Button>
    </form>
  );
}

/** "13 fewer (KSh 45,500)": a count's difference in units and at list price. */
const describeDelta = (delta: number, valueKes: number) =>
  `${Math.abs(delta)} ${delta < 0 ? "fewer" : "more"} (${formatKes(valueKes)})`;

/** A large count another person confirms or rejects; the one who counted may only reject it. */
function PendingCountPanel({ item }: { item: InventoryItemDetail }) {
  const session = useSession();
  const decide = useDecideCount();
  const count = item.pendingCount;
  if (!count) return null;
  const mine = session.data?.user.id === count.countedByUserId;
  const act = (decision: "confirm" | "reject") =>
    decide.mutate(
      { id: count.id, decision },
      {
        onSuccess: () =>
          toast({
            title: decision === "confirm" ? "Count confirmed" : "Count rejected",
            description: item.itemId,
          }),
        onError: failed(decision === "confirm" ? "Count not confirmed" : "Count not rejected"),
      },
    );
  return (
    <div
      className="space-y-2 rounded-md border border-amber-300 p-3 text-sm dark:border-amber-700"
      data-testid="pending-count"
    >
      <p>
        <strong>Awaiting a second person:</strong> {count.countedBy ?? "Someone"} counted {count.countedStock}{" "}
        on {formatDateTime(count.countedAt)}, {describeDelta(count.delta, count.valueKes)} than the books: “
        {count.note}”.
      </p>
      <div className="flex gap-2">
        {!mine && (
          <Button size="sm" onClick={() => act("confirm")} disabled={decide.isPending}>
            Confirm count
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => act("reject")} disabled={decide.isPending}>
          Reject count
        </Button>
      </div>
      {mine && <p className="text-xs text-gray-500">You counted it: another person must confirm it.</p>}
    </div>
  );
}

/** What a physical count found; the difference is recorded with the reason. */
function CountForm({ item }: { item: InventoryItem }) {
  const form = useContractForm({
    schema: stockCountInputSchema,
    idPrefix: "count",
    initial: () => ({ countedStock: String(item.currentStock), note: "" }),
    toInput: (v) => ({ ...v, countedStock: optionalNumber(v.countedStock) }),
  });
  const count = useRecordCount();
  const onSubmit = form.handleSubmit((input) =>
    count.mutate(
      { id: item.id, ...input },
      {
        onSuccess: (result) => {
          if ("applied" in result) {
            toast({
              title: "Count awaits a second person",
              description: `${item.itemId}: ${describeDelta(result.pendingCount!.delta, result.pendingCount!.valueKes)}. Another person must confirm it.`,
            });
            return;
          }
          const delta = result.currentStock - item.currentStock;
          toast({
            title: "Count recorded",
            description: `${item.itemId}: ${result.currentStock} on hand (${delta > 0 ? "+" : ""}${delta}).`,
          });
          form.reset({ countedStock: String(result.currentStock), note: "" });
        },
        onError: (error) => {
          form.showServerErrors(error);
          failed("Count not recorded")(error);
        },
      },
    ),
  );
  const counted = Number(form.values.countedStock);
  const delta = Number.isFinite(counted) ? counted - item.currentStock : 0;
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate aria-label="Record a count">
      <Field label="Counted on hand" inputMode="numeric" bind={form.field("countedStock")} />
      <Field label="Why it differs" bind={form.field("note")} />
      {delta !== 0 && (
        <p className="text-sm sm:col-span-2" data-testid="count-difference">
          {describeDelta(delta, Math.abs(delta) * item.costPerUnit)} than the books.
          {isLargeCount(delta, item.currentStock, item.costPerUnit) &&
            ` Over ${LARGE_COUNT_PCT}% or ${formatKes(LARGE_COUNT_KES)}: a second person must confirm it before stock moves.`}
        </p>
      )}
      <Button type="submit" className="sm:col-span-2" disabled={count.isPending}>
        Record count
      </Button>
    </form>
  );
}

const tabs = [
  ["count", "Physical count"],
  ["write-off", "Write off"],
] as const;

/** Stock corrections for inventory writers, each one a movement in the history below. */
export function StockActions({ item }: { item: InventoryItemDetail }) {
  const [tab, setTab] = useState<(typeof tabs)[number][0]>("count");
  return (
    <section
      aria-label="Correct stock"
      className="space-y-3 rounded-md border border-gray-200 p-3 dark:border-gray-700"
    >
      <PendingCountPanel item={item} />
      <TabBar tabs={tabs} value={tab} onChange={setTab} />
      {/* No key on the forms: a remount while the save refetches would drop its success callbacks. */}
      {tab === "count" ? <CountForm item={item} /> : <WriteOffForm item={item} />}
    </section>
  );
}
