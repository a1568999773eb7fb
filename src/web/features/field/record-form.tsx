import { type FieldRecord, fieldRecordSchema } from "../../../contract/field";
import type { FlaskDetail } from "../../../contract/flasks";
import { calvingEases, pdMethods } from "../../../contract/herd-rules";
import type { ServiceRequest } from "../../../contract/service-requests";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { optionalNumber, useContractForm } from "../../lib/form";
import { capitalise, nairobiClock } from "../../lib/format";
import { queueRecord } from "./phone-store";

const bodyScores = Array.from({ length: 17 }, (_, i) => String(1 + i * 0.25));

const blank = (job: ServiceRequest) => {
  const now = Date.now();
  const inWindow =
    job.visitFrom && job.visitTo ? now >= Date.parse(job.visitFrom) && now <= Date.parse(job.visitTo) : true;
  return {
    type: job.kind === "pd" ? "pd" : "insemination",
    date: nairobiClock().slice(0, 10),
    time: nairobiClock().slice(11, 16),
    straw: "",
    bodyCondition: "3",
    amPmOk: inWindow ? "yes" : "no",
    result: "",
    method: "",
    ease: "",
    calfSex: "",
    calfAlive: "yes",
    calfTag: "",
    notes: "",
  };
};
type Values = ReturnType<typeof blank>;

function toRecord(job: ServiceRequest, v: Values) {
  const common = {
    clientId: crypto.randomUUID(),
    requestId: job.id,
    cowId: job.cow.id,
    cowVersion: job.cow.updatedAt,
    date: v.date,
    notes: v.notes.trim() || undefined,
  };
  if (v.type === "pd")
    return { ...common, type: "pd", result: v.result || undefined, method: v.method || undefined };
  if (v.type === "calving")
    return {
      ...common,
      type: "calving",
      ease: v.ease || undefined,
      calfSex: v.calfSex || undefined,
      calfAlive: v.calfAlive === "yes",
      calfTag: v.calfTag.trim() || undefined,
    };
  const [flaskId, batchId] = v.straw.split(":").map(Number);
  return {
    ...common,
    type: "insemination",
    time: v.time,
    flaskId: flaskId || undefined,
    batchId: batchId || undefined,
    bodyCondition: optionalNumber(v.bodyCondition),
    amPmOk: v.amPmOk === "yes",
  };
}

/** A calving seen on the visit: how it went and the calf, who joins the herd with a tag. */
function CalvingFields({
  form,
}: {
  form: ReturnType<typeof useContractForm<Values, typeof fieldRecordSchema>>;
}) {
  return (
    <>
      <Field
        label="How it went"
        placeholder="–"
        options={calvingEases.map((e) => [e, capitalise(e)] as const)}
        bind={form.field("ease")}
      />
      <Field
        label="The calf"
        placeholder="–"
        options={[
          ["female", "Heifer (female)"],
          ["male", "Bull calf (male)"],
        ]}
        bind={form.field("calfSex")}
      />
      <Field
        label="Alive"
        options={[
          ["yes", "Alive"],
          ["no", "Dead"],
        ]}
        bind={form.field("calfAlive")}
      />
      <Field label="Calf's ear tag" bind={form.field("calfTag")} />
    </>
  );
}

/**
 * Records the visit on the phone: saved to the phone's queue at once, signal or not, and synced when there
 * is one (`onSaved` starts it). An insemination names its straw from the technician's flask; a calving
 * seen on any visit is recorded too.
 */
export function RecordForm({
  job,
  flasks,
  onSaved,
}: {
  job: ServiceRequest;
  flasks: FlaskDetail[];
  onSaved: () => void;
}) {
  const form = useContractForm({
    schema: fieldRecordSchema,
    initial: () => blank(job),
    idPrefix: `job-${job.id}`,
    toInput: (v: Values) => toRecord(job, v),
    errorPaths: { flaskId: "straw", batchId: "straw" },
  });
  const onSubmit = form.handleSubmit(async (record) => {
    await queueRecord(record as FieldRecord & { clientId: string });
    toast({
      title: "Saved on this phone",
      description: navigator.onLine ? "Sending it now." : "It will sync when you have signal.",
    });
    onSaved();
  });
  const straws = flasks.flatMap((f) =>
    f.contents.map(
      (s) =>
        [
          `${f.id}:${s.batchId}`,
          `${s.bullName ?? s.itemId} · batch ${s.batch} (${s.count} in ${f.serial})`,
        ] as const,
    ),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid w-full gap-3 pt-2 sm:grid-cols-2"
      aria-label={`Record the visit to ${job.cow.tag}`}
    >
      <Field
        label="What you did"
        options={[
          job.kind === "pd"
            ? (["pd", "Pregnancy check"] as const)
            : (["insemination", "Insemination"] as const),
          ["calving", "Calving"],
        ]}
        bind={form.field("type")}
      />
      <Field label="Date" type="date" bind={form.field("date")} />
      {form.values.type === "calving" ? (
        <CalvingFields form={form} />
      ) : form.values.type === "insemination" ? (
        <>
          <Field label="Time served" type="time" bind={form.field("time")} />
          <Field
            label="Straw from your flask"
            placeholder="Choose the straw"
            options={straws}
            bind={form.field("straw")}
            wide
          />
          <Field
            label="Body condition (1–5)"
            options={bodyScores.map((s) => [s, s] as const)}
            bind={form.field("bodyCondition")}
          />
          <Field
            label="AM–PM check"
            options={[
              ["yes", "Served within the AM–PM window"],
              ["no", "Outside the window"],
            ]}
            bind={form.field("amPmOk")}
          />
        </>
      ) : (
        <>
          <Field
            label="Result"
            placeholder="–"
            options={[
              ["pregnant", "Pregnant"],
              ["open", "Not pregnant"],
            ]}
            bind={form.field("result")}
          />
          <Field
            label="Method"
            placeholder="–"
            options={pdMethods.map((m) => [m, m] as const)}
            bind={form.field("method")}
          />
        </>
      )}
      <Field label="Notes" bind={form.field("notes")} wide />
      <Button type="submit" className="min-h-11 sm:col-span-2">
        Save the record
      </Button>
    </form>
  );
}
