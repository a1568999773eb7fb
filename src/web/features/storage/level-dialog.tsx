import { useEffect, useState } from "react";
import { levelMethodLabels, levelMethods, levelReadingInputSchema, type Tank } from "../../../contract/tanks";
import { Field, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { optionalNumber } from "../../lib/form";
import { useRecordLevel } from "./api";

const unitOptions = [
  ["cm", "cm"],
  ["percent", "%"],
] as const;

type LevelForm = { value: string; unit: string; method: string; litres: string; supplier: string };

/**
 * A dip in the store room, on a phone: the level is the first field (focused when the dialog opens), the
 * method and unit keep their defaults, so a reading is a number and Save. A level above the last one with
 * no refill since is answered "Did you refill?": the refill's litres and supplier are then saved with it.
 */
export function LevelDialog({ tank, ...props }: DialogProps & { tank: Tank }) {
  const [refilled, setRefilled] = useState(false);
  useEffect(() => {
    if (!props.open) setRefilled(false);
  }, [props.open]);
  const spec = {
    schema: levelReadingInputSchema,
    // Dipsticks read cm when the tank's full depth is known; otherwise staff read % off the stick.
    initial: (): LevelForm => ({
      value: "",
      unit: tank.fullLevelCm ? "cm" : "percent",
      method: "dipstick",
      litres: "",
      supplier: "",
    }),
    idPrefix: "level",
    toInput: (f: LevelForm) => ({
      storageUnitId: tank.id,
      method: f.method,
      unit: f.unit,
      value: optionalNumber(f.value),
      ...(refilled ? { refill: { litres: optionalNumber(f.litres), supplier: f.supplier } } : {}),
    }),
  };
  const { form, dialog } = useFormDialog(props, spec, useRecordLevel(), {
    success: (result) => {
      setRefilled(false);
      return { title: "Level recorded", description: `${result.name} is at ${result.level?.pct}%.` };
    },
    failure: (error) => {
      if (error instanceof ApiError && error.body?.code === "REFILL_UNRECORDED") setRefilled(true);
      return apiErrorMessage(error) ?? "Failed to record the level";
    },
  });
  return (
    <FormDialog
      {...dialog}
      title={`LN2 level: ${tank.name}`}
      description={tank.fullLevelCm ? `Full is ${tank.fullLevelCm} cm on the dipstick.` : "Read % full."}
      submitLabel={refilled ? "Save refill and level" : "Save level"}
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
      {refilled && (
        <fieldset className="space-y-3 rounded-md border border-amber-300 p-3 dark:border-amber-700">
          <legend className="px-1 text-sm font-medium">
            Did you refill? Record the refill with this level
          </legend>
          <Field label="Litres added" type="text" inputMode="decimal" bind={form.field("litres")} />
          <Field label="Supplier" bind={form.field("supplier")} />
        </fieldset>
      )}
    </FormDialog>
  );
}
