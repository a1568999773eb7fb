import { useState } from "react";
import {
  type InventoryItem,
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
import { useRecordCount, useWriteOff } from "./api";

const failed = (title: string) => (error: Error) =>
  toast({ variant: "destructive", title, description: apiErrorMessage(error) ?? "Please try again" });

/** Units out for good, with a reason: only what no order holds. */
function WriteOffForm({ item }: { item: InventoryItem }) {
  const form = useContractForm({
    schema: writeOffInputSchema,
    idPrefix: "writeoff",
    initial: { quantity: "", reason: "damaged", note: "" },
    toInput: (v) => ({ ...v, quantity: optionalNumber(v.quantity), note: v.note || null }),
  });
  const writeOff = useWriteOff();
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
      <Button type="submit" variant="destructive" className="sm:col-span-3" disabled={writeOff.isPending}>
        Write off ({item.availableStock} free)
      </Button>
    </form>
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
        onSuccess: (after) => {
          const delta = after.currentStock - item.currentStock;
          toast({
            title: "Count recorded",
            description: `${item.itemId}: ${after.currentStock} on hand (${delta > 0 ? "+" : ""}${delta}).`,
          });
          form.reset({ countedStock: String(after.currentStock), note: "" });
        },
        onError: (error) => {
          form.showServerErrors(error);
          failed("Count not recorded")(error);
        },
      },
    ),
  );
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate aria-label="Record a count">
      <Field label="Counted on hand" inputMode="numeric" bind={form.field("countedStock")} />
      <Field label="Why it differs" bind={form.field("note")} />
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
export function StockActions({ item }: { item: InventoryItem }) {
  const [tab, setTab] = useState<(typeof tabs)[number][0]>("count");
  return (
    <section
      aria-label="Correct stock"
      className="space-y-3 rounded-md border border-gray-200 p-3 dark:border-gray-700"
    >
      <TabBar tabs={tabs} value={tab} onChange={setTab} />
      {/* No key on the forms: a remount while the save refetches would drop its success callbacks. */}
      {tab === "count" ? <CountForm item={item} /> : <WriteOffForm item={item} />}
    </section>
  );
}
