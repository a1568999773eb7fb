import { temperatureReadingInputSchema } from "../../../contract/storage";
import type { Tank } from "../../../contract/tanks";
import { Field } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { optionalNumber } from "../../lib/form";
import { useRecordTemperature } from "./api";

/** A thermometer reading: one number, negative for the cold stores. */
export function TemperatureDialog({ tank, ...props }: DialogProps & { tank: Tank }) {
  const spec = {
    schema: temperatureReadingInputSchema,
    initial: { temperature: "" },
    idPrefix: "temp",
    toInput: (f: { temperature: string }) => ({
      storageUnitId: tank.id,
      temperature: optionalNumber(f.temperature),
    }),
  };
  const { form, dialog } = useFormDialog(props, spec, useRecordTemperature(), {
    success: (result) => ({
      title: "Temperature recorded",
      description: `${result.storageUnit} is at ${result.temperature}°C (${result.alertStatus}).`,
    }),
    failure: () => "Failed to record the temperature",
  });
  return (
    <FormDialog
      {...dialog}
      title={`Temperature: ${tank.name}`}
      description={`Last reading ${tank.temperature}°C.`}
      submitLabel="Save temperature"
      pendingLabel="Saving..."
      columns={1}
    >
      {/* "decimal" keyboards on many Android phones have no minus sign: the full keyboard's numbers row does. */}
      <Field label="Temperature (°C)" type="text" inputMode="text" bind={form.field("temperature")} />
    </FormDialog>
  );
}
