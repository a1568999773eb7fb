import {
  type BreedingRecord,
  breedingStatusInputSchema,
  CALVING_MIN_DAYS,
  PD_MIN_DAYS,
} from "../../../contract/breeding";
import { Field } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { localToday } from "../../lib/dates";
import { formatDate } from "../../lib/format";
import { forRecord } from "../../lib/query";
import { useSetBreedingStatus } from "./api";

/**
 * Pregnant and Calved ask for their day: the diagnosis, or the calving. The server refuses a day in the
 * future, a diagnosis under 30 days or a calving under 220 days after the service; the message shows here.
 */
export function OutcomeDialog({
  record,
  status,
  ...props
}: DialogProps & { record: BreedingRecord; status: "pregnant" | "calved" }) {
  const spec = {
    schema: breedingStatusInputSchema,
    initial: () => ({ date: localToday() }),
    idPrefix: "outcome",
    toInput: (f: { date: string }) => ({ status, date: f.date }),
  };
  const { form, dialog } = useFormDialog(props, spec, forRecord(useSetBreedingStatus(), record.id), {
    success: () => ({ title: "Record status updated", description: `${record.animalName} is ${status}` }),
    failure: () => "Failed to update record",
  });
  const calved = status === "calved";
  return (
    <FormDialog
      {...dialog}
      title={calved ? `Calved: ${record.animalName}` : `Pregnant: ${record.animalName}`}
      description={`Served on ${formatDate(`${record.serviceDate}T12:00:00Z`)} (${record.serviceType}).`}
      submitLabel="Save"
      pendingLabel="Saving..."
      columns={1}
    >
      <Field
        label={calved ? "Calving date" : "Pregnancy diagnosis date"}
        type="date"
        max={localToday()}
        hint={
          calved
            ? `At least ${CALVING_MIN_DAYS} days after the service`
            : `At least ${PD_MIN_DAYS} days after the service`
        }
        bind={form.field("date")}
      />
    </FormDialog>
  );
}
