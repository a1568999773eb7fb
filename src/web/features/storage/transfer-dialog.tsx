import { useQuery } from "@tanstack/react-query";
import { type CaneKind, transferInputSchema } from "../../../contract/cryo-store";
import { Field } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { apiErrorMessage } from "../../lib/api";
import { optionalNumber } from "../../lib/form";
import { caneOptions, storeQueries, useTransfer } from "./api";

export interface MoveFrom {
  inventoryItemId: number;
  itemId: string;
  batchId: number;
  batchCode: string;
  caneId: number;
  label: string;
  /** Straws no pick list promises: only these can move. */
  free: number;
  /** Where such straws go: a cane (semen) or a goblet (embryos). */
  caneKind: CaneKind;
}

/** Moves straws of one batch of an item from a cane to another, in this tank or another; the move is recorded. */
export function TransferDialog({ from, ...props }: DialogProps & { from: MoveFrom }) {
  const maps = useQuery({ ...storeQueries.map(), enabled: props.open });
  const spec = {
    schema: transferInputSchema,
    initial: { toCaneId: "", count: String(from.free), note: "" },
    idPrefix: "transfer",
    toInput: (f: { toCaneId: string; count: string; note: string }) => ({
      inventoryItemId: from.inventoryItemId,
      batchId: from.batchId,
      fromCaneId: from.caneId,
      toCaneId: optionalNumber(f.toCaneId),
      count: optionalNumber(f.count),
      note: f.note || null,
    }),
  };
  const { form, dialog } = useFormDialog(props, spec, useTransfer(), {
    success: (_, data) => ({
      title: "Straws moved",
      description: `${data.count} of ${from.itemId} moved from ${from.label}.`,
    }),
    failure: (error) => apiErrorMessage(error) ?? "Failed to move the straws",
  });
  return (
    <FormDialog
      {...dialog}
      title={`Move ${from.itemId} (batch ${from.batchCode}) from ${from.label}`}
      description={`${from.free} straws here are free to move.`}
      submitLabel="Move straws"
      pendingLabel="Moving..."
      columns={1}
    >
      <Field
        label="To"
        placeholder="Choose a cane or goblet"
        options={caneOptions(maps.data, from.caneId, from.caneKind)}
        bind={form.field("toCaneId")}
      />
      <Field label="Straws" type="text" inputMode="numeric" bind={form.field("count")} />
      <Field label="Why (optional)" bind={form.field("note")} />
    </FormDialog>
  );
}
