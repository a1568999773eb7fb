import { refillInputSchema, type Tank } from "../../../contract/tanks";
import { Field } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { optionalNumber } from "../../lib/form";
import { useRecordRefill } from "./api";

const empty = { litres: "", supplier: "", levelAfterPct: "" };

/** A delivery of liquid nitrogen; the level after it restarts the tank's forecast. */
export function RefillDialog({ tank, ...props }: DialogProps & { tank: Tank }) {
  const spec = {
    schema: refillInputSchema,
    initial: () => ({ ...empty, supplier: tank.lastRefill?.supplier ?? "" }),
    idPrefix: "refill",
    toInput: (f: typeof empty) => ({
      storageUnitId: tank.id,
      litres: optionalNumber(f.litres),
      supplier: f.supplier,
      levelAfterPct: optionalNumber(f.levelAfterPct) ?? null,
    }),
  };
  const { form, dialog } = useFormDialog(props, spec, useRecordRefill(), {
    success: (result) => ({ title: "Refill recorded", description: `${result.name} refilled.` }),
    failure: () => "Failed to record the refill",
  });
  return (
    <FormDialog
      {...dialog}
      title={`Refill: ${tank.name}`}
      description={tank.capacityLitres ? `Holds ${tank.capacityLitres} L when full.` : "Litres delivered."}
      submitLabel="Save refill"
      pendingLabel="Saving..."
      columns={1}
    >
      <Field label="Litres" type="text" inputMode="decimal" bind={form.field("litres")} />
      <Field label="Supplier" bind={form.field("supplier")} />
      <Field
        label="Level after refill (%)"
        hint="Dip the tank after filling; the forecast starts again from it."
        type="text"
        inputMode="decimal"
        bind={form.field("levelAfterPct")}
      />
    </FormDialog>
  );
}
