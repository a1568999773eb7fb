import { useQuery } from "@tanstack/react-query";
import { type ItemWhereabouts, placementInputSchema } from "../../../contract/cryo-store";
import { Field } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { apiErrorMessage } from "../../lib/api";
import { optionalNumber } from "../../lib/form";
import { caneOptions, storeQueries, usePlaceStock } from "./api";

/** Puts an item's unplaced units at a cane; orders waiting for them get them on their pick lists. */
export function PlaceDialog({ item, ...props }: DialogProps & { item: ItemWhereabouts }) {
  const maps = useQuery({ ...storeQueries.map(), enabled: props.open });
  const spec = {
    schema: placementInputSchema,
    initial: { caneId: "", count: String(item.unplaced) },
    idPrefix: "place",
    toInput: (f: { caneId: string; count: string }) => ({
      inventoryItemId: item.inventoryItemId,
      caneId: optionalNumber(f.caneId),
      count: optionalNumber(f.count),
    }),
  };
  const { form, dialog } = useFormDialog(props, spec, usePlaceStock(), {
    success: (placed) => ({
      title: "Straws placed",
      description: `${placed.itemId}: ${placed.unplaced} left to place.`,
    }),
    failure: (error) => apiErrorMessage(error) ?? "Failed to place the straws",
  });
  return (
    <FormDialog
      {...dialog}
      title={`Place ${item.itemId}`}
      description={`${item.unplaced} units are in no position yet.`}
      submitLabel="Place"
      pendingLabel="Placing..."
      columns={1}
    >
      <Field
        label="Cane or goblet"
        placeholder="Choose a cane or goblet"
        options={caneOptions(maps.data)}
        bind={form.field("caneId")}
      />
      <Field label="Straws" type="text" inputMode="numeric" bind={form.field("count")} />
    </FormDialog>
  );
}
