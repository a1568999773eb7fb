import { storageUnitTypeLabels, storageUnitTypes } from "../../../contract/storage";
import { tankInputSchema } from "../../../contract/tanks";
import { Field, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { optionalNumber } from "../../lib/form";
import { useCreateTank } from "./api";

const empty = {
  name: "",
  unitType: "liquid_nitrogen",
  location: "",
  temperature: "-196",
  capacityLitres: "",
  fullLevelCm: "",
  minSafeLevelPct: "30",
};
const toInput = (f: typeof empty) => ({
  ...f,
  temperature: optionalNumber(f.temperature),
  capacityLitres: optionalNumber(f.capacityLitres) ?? null,
  fullLevelCm: optionalNumber(f.fullLevelCm) ?? null,
  minSafeLevelPct: optionalNumber(f.minSafeLevelPct),
});

/** A new tank, dry shipper or fridge; LN2 tanks take their size and dipstick depth for the forecast. */
export function AddTankDialog(props: DialogProps) {
  const spec = {
    schema: tankInputSchema,
    initial: empty,
    idPrefix: "tank",
    toInput,
    required: ["name", "location"] as const,
  };
  const { form, dialog } = useFormDialog(props, spec, useCreateTank(), {
    success: (tank) => ({ title: "Storage unit added", description: `${tank.name} is now monitored.` }),
    failure: () => "Failed to add the storage unit",
  });
  const ln2 = form.values.unitType === "liquid_nitrogen";
  return (
    <FormDialog
      {...dialog}
      title="Add Storage Unit"
      description="Its first temperature reading starts its history."
      submitLabel="Add Unit"
      pendingLabel="Adding..."
    >
      <Field label="Name *" bind={form.field("name")} />
      <Field
        label="Kind"
        options={optionsOf(storageUnitTypes, storageUnitTypeLabels)}
        bind={form.field("unitType")}
      />
      <Field label="Location *" wide bind={form.field("location")} />
      <Field label="Temperature now (°C)" inputMode="text" bind={form.field("temperature")} />
      {ln2 && (
        <>
          <Field label="Capacity (litres)" inputMode="decimal" bind={form.field("capacityLitres")} />
          <Field
            label="Full depth (cm)"
            hint="The dipstick reading of a full tank"
            inputMode="decimal"
            bind={form.field("fullLevelCm")}
          />
          <Field label="Minimum safe level (%)" inputMode="numeric" bind={form.field("minSafeLevelPct")} />
        </>
      )}
    </FormDialog>
  );
}
