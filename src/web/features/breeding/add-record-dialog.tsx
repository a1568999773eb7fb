import { useQuery } from "@tanstack/react-query";
import {
  breedingInputSchema,
  ET_GESTATION_DAYS,
  expectedCalving,
  farmBreeds,
  GESTATION_DAYS,
  serviceTypes,
  technicians,
} from "../../../contract/breeding";
import { Field, type Options, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { localToday } from "../../lib/dates";
import { formatDate } from "../../lib/format";
import { breedingQueries, useCreateBreedingRecord } from "./api";

const empty = () => ({
  animalId: "",
  animalName: "",
  breedType: "Holstein",
  serviceType: "AI",
  serviceDate: localToday(),
  technician: technicians[0] as string,
  geneticMaterial: "",
  inventoryItemId: "",
  batchId: "",
  customerId: "",
  notes: "",
});

const toInput = (v: ReturnType<typeof empty>) => ({
  ...v,
  inventoryItemId: v.inventoryItemId ? Number(v.inventoryItemId) : null,
  batchId: v.batchId ? Number(v.batchId) : null,
  customerId: v.customerId ? Number(v.customerId) : null,
});

/** SPEC: these blank, the form says "Please fill in all required fields". */
const required = ["animalId", "animalName", "geneticMaterial"] as const;

export function AddRecordDialog(props: DialogProps) {
  const stock = useQuery({ ...breedingQueries.viableMaterial(), enabled: props.open });
  const customers = useQuery({ ...breedingQueries.clients(), enabled: props.open });
  const catalogueBreeds = useQuery({ ...breedingQueries.breeds(), enabled: props.open });
  // The catalogue's breeds (every breed sold) and the farm breeds it sells none of, in one sorted list.
  const breeds = [...new Set([...(catalogueBreeds.data ?? []).map((b) => b.breed), ...farmBreeds])].sort();
  const spec = { schema: breedingInputSchema, initial: empty, idPrefix: "br", toInput, required };
  const { form, dialog } = useFormDialog(props, spec, useCreateBreedingRecord(), {
    success: () => ({ title: "Success", description: "Breeding record added successfully" }),
    failure: () => "Failed to add breeding record",
  });
  const material = form.field("inventoryItemId");
  const picked = Number(form.values.inventoryItemId);
  const chosen = useQuery({ ...breedingQueries.material(picked), enabled: props.open && picked > 0 });
  const pickMaterial = (id: string) => {
    const item = stock.data?.find((i) => String(i.id) === id);
    form.setValues((f) => ({
      ...f,
      inventoryItemId: id,
      batchId: "",
      geneticMaterial: item ? item.itemId : f.geneticMaterial,
    }));
  };
  const serviceDate = form.values.serviceDate;
  const serviceType = form.values.serviceType as (typeof serviceTypes)[number];
  const stockOptions: Options = [
    ["", "Not from our stock"],
    ...(stock.data ?? [])
      .filter((i) => i.availableStock > 0)
      .map((i) => [String(i.id), `${i.itemId} · ${i.breedName} (${i.availableStock} free)`] as const),
  ];
  const batchOptions: Options = [
    ["", "Not known"],
    ...(chosen.data?.batches ?? [])
      .filter((b) => !b.expired)
      .map(
        (b) =>
          [
            String(b.id),
            `${b.code}${b.motilityPct === null ? "" : ` · ${b.motilityPct}% motility`}`,
          ] as const,
      ),
  ];
  // By id: two farms with one name stay apart (the breeding roles see names only, not contacts).
  const customerOptions: Options = [
    ["", "Our own herd / not a client"],
    ...(customers.data ?? []).map((c) => [String(c.id), c.name] as const),
  ];
  return (
    <FormDialog
      {...dialog}
      title="Add Breeding Record"
      description={`Expected calving: ${
        serviceDate ? formatDate(`${expectedCalving(serviceDate, serviceType)}T12:00:00Z`) : "–"
      } (${serviceType === "ET" ? `${ET_GESTATION_DAYS} days from the transfer` : `${GESTATION_DAYS} days`})`}
      submitLabel="Add Record"
      pendingLabel="Saving..."
    >
      <Field label="Animal ID *" bind={form.field("animalId")} />
      <Field label="Animal name *" bind={form.field("animalName")} />
      <Field label="Breed" options={optionsOf(breeds)} bind={form.field("breedType")} />
      <Field label="Service type" options={optionsOf(serviceTypes)} bind={form.field("serviceType")} />
      <Field label="Service date" type="date" max={localToday()} bind={form.field("serviceDate")} />
      <Field label="Technician" options={optionsOf(technicians)} bind={form.field("technician")} />
      <Field label="Client (whose cow)" options={customerOptions} bind={form.field("customerId")} />
      <Field
        label="From inventory (uses one unit)"
        options={stockOptions}
        bind={{ ...material, onChange: (e) => pickMaterial(e.target.value) }}
      />
      {picked > 0 && <Field label="Batch" options={batchOptions} bind={form.field("batchId")} />}
      <Field
        label="Genetic material *"
        placeholder="Straw or embryo ID"
        bind={form.field("geneticMaterial")}
      />
      <Field label="Notes" rows={2} wide bind={form.field("notes")} />
    </FormDialog>
  );
}
