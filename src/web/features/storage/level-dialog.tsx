import { levelMethodLabels, levelMethods, levelReadingInputSchema, type Tank } from "../../../contract/tanks";
import { Field, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { optionalNumber } from "../../lib/form";
import { useRecordLevel } from "./api";

const unitOptions = [
  ["cm", "cm"],
  ["percent", "%"],
] as const;

/**
 * A dip in the store room, on a phone: the level is the first field (focused when the dialog opens), the
 * method and unit keep their defaults, so a reading is a number and Save.
 */
export function LevelDialog({ tank, ...props }: DialogProps & { tank: Tank }) {
  const spec = {
    schema: levelReadingInputSchema,
    // Dipsticks read cm when the tank's full depth is known; otherwise staff read % off the stick.
    initial: () => ({ value: "", unit: tank.fullLevelCm ? "cm" : "percent", method: "dipstick" }),
    idPrefix: "level",
    toInput: (f: { value: string; unit: string; method: string }) => ({
      storageUnitId: tank.id,
      method: f.method,
      unit: f.unit,
      value: optionalNumber(f.value),
    }),
  };
  const { form, dialog } = useFormDialog(props, spec, useRecordLevel(), {
    success: (result) => ({
      title: "Level recorded",
      description: `${result.name} is at ${result.level?.pct}%.`,
    }),
    failure: () => "Failed to record the level",
  });
  return (
    <FormDialog
      {...dialog}
      title={`LN2 level: ${tank.name}`}
      description={tank.fullLevelCm ? `Full is ${tank.fullLevelCm} cm on the dipstick.` : "Read % full."}
      submitLabel="Save level"
      pendingLabel="Saving..."
      columns={1}
    >
      <Field label="Level" type="text" inputMode="decimal" bind={form.field("value")} />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Unit" options={unitOptions} bind={form.field("unit")} />
        <Field
          label="Method"
          options={optionsOf(levelMethods, levelMethodLabels)}
          bind={form.field("method")}
        />
      </div>
    </FormDialog>
  );
}
