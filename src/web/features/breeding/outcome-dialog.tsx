import { z } from "zod";
import {
  type BreedingRecord,
  type BreedingStatus,
  breedingStatuses,
  breedingStatusInputSchema,
  CALVING_MIN_DAYS,
  PD_MIN_DAYS,
} from "../../../contract/breeding";
import { text } from "../../../contract/primitives";
import { Field } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { localToday } from "../../lib/dates";
import { capitalise, formatDate } from "../../lib/format";
import { forRecord } from "../../lib/query";
import { useSetBreedingStatus } from "./api";

/** A correction says why: the history keeps it beside the outcome it replaced. */
const correctionSchema = breedingStatusInputSchema.and(
  z.object({ reason: text().min(1, "Say why the outcome is corrected").max(500) }),
);
const statusOptions = breedingStatuses.map((s) => [s, capitalise(s)] as const);

/**
 * Pregnant and Calved ask for their day: the diagnosis, or the calving. The server refuses a day in the
 * future, a diagnosis under 30 days or a calving under 220 days after the service; the message shows here.
 * Without a `status` it corrects the outcome: any status, its day where it has one, and the reason (the
 * only way to change a calved record).
 */
export function OutcomeDialog({
  record,
  status,
  ...props
}: DialogProps & { record: BreedingRecord; status?: "pregnant" | "calved" }) {
  const correcting = status === undefined;
  const spec = {
    schema: correcting ? correctionSchema : breedingStatusInputSchema,
    initial: () => ({ status: status ?? record.status, date: localToday(), reason: "" }),
    idPrefix: "outcome",
    toInput: (f: { status: string; date: string; reason: string }) => ({
      status: f.status as BreedingStatus,
      date: f.status === "pregnant" || f.status === "calved" ? f.date : undefined,
      reason: correcting ? f.reason : undefined,
    }),
  };
  const { form, dialog } = useFormDialog(props, spec, forRecord(useSetBreedingStatus(), record.id), {
    success: (saved) => ({
      title: "Record status updated",
      description: `${record.animalName} is ${saved.status}`,
    }),
    failure: () => "Failed to update record",
  });
  const chosen = form.values.status;
  const calved = chosen === "calved";
  const dated = chosen === "pregnant" || calved;
  return (
    <FormDialog
      {...dialog}
      title={
        correcting
          ? `Correct the outcome: ${record.animalName}`
          : calved
            ? `Calved: ${record.animalName}`
            : `Pregnant: ${record.animalName}`
      }
      description={`Served on ${formatDate(`${record.serviceDate}T12:00:00Z`)} (${record.serviceType}).`}
      submitLabel="Save"
      pendingLabel="Saving..."
      columns={1}
    >
      {correcting && <Field label="Outcome" options={statusOptions} bind={form.field("status")} />}
      {dated && (
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
      )}
      {correcting && <Field label="Why it is corrected *" rows={2} bind={form.field("reason")} />}
    </FormDialog>
  );
}
