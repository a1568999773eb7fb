import { useQuery } from "@tanstack/react-query";
import {
  type Flask,
  flaskInputSchema,
  flaskIssueSchema,
  flaskKindLabels,
  flaskKinds,
  flaskLendSchema,
  flaskReturnSchema,
} from "../../../contract/flasks";
import { Field } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { optionalNumber } from "../../lib/form";
import { nairobiClock } from "../../lib/format";
import { flaskQueries, useAddFlask, useIssueStraws, useLendFlask, useReturnFlask } from "./api";

export function AddFlaskDialog(props: DialogProps) {
  const { form, dialog } = useFormDialog(
    props,
    {
      schema: flaskInputSchema,
      initial: () => ({ serial: "", kind: "flask", capacityStraws: "", ln2CapacityKg: "" }),
      idPrefix: "flask",
      toInput: (v) => ({
        ...v,
        capacityStraws: optionalNumber(v.capacityStraws),
        ln2CapacityKg: optionalNumber(v.ln2CapacityKg),
      }),
      required: ["serial", "capacityStraws", "ln2CapacityKg"],
    },
    useAddFlask(),
    {
      success: (f: Flask) => ({ title: "Flask added", description: f.serial }),
      failure: () => "The flask could not be added",
    },
  );
  return (
    <FormDialog
      {...dialog}
      title="Add a flask"
      description="An LN2 flask or dry shipper the store lends."
      submitLabel="Add"
      pendingLabel="Adding..."
    >
      <Field label="Serial number" bind={form.field("serial")} />
      <Field
        label="Kind"
        options={flaskKinds.map((k) => [k, flaskKindLabels[k]] as const)}
        bind={form.field("kind")}
      />
      <Field label="Holds (straws)" inputMode="numeric" bind={form.field("capacityStraws")} />
      <Field label="LN2 charge (kg)" inputMode="decimal" bind={form.field("ln2CapacityKg")} />
    </FormDialog>
  );
}

/** Out to a Field Technician or a client: who, until when, the deposit, and the weight on the scale. */
export function LendDialog({ flask, ...props }: DialogProps & { flask: Flask }) {
  const { form, dialog } = useFormDialog(
    props,
    {
      schema: flaskLendSchema,
      initial: () => ({
        search: "",
        holderUserId: "",
        dueOn: nairobiClock(7).slice(0, 10),
        depositKes: "0",
        weightOutKg: "",
        notes: "",
      }),
      idPrefix: "lend",
      toInput: (v) => ({
        holderUserId: optionalNumber(v.holderUserId),
        dueOn: v.dueOn,
        depositKes: optionalNumber(v.depositKes),
        weightOutKg: optionalNumber(v.weightOutKg),
        notes: v.notes || undefined,
      }),
      required: ["holderUserId", "weightOutKg"],
    },
    useLendFlask(flask.id),
    {
      success: (f: Flask) => ({ title: "Flask lent", description: `${f.serial} to ${f.loan?.holder.name}` }),
      failure: () => "The flask could not be lent",
    },
  );
  const holders = useQuery({ ...flaskQueries.holders(form.values.search), enabled: props.open });
  return (
    <FormDialog
      {...dialog}
      title={`Lend ${flask.serial}`}
      description="Weigh it charged before it leaves: the weight back tells the LN2 it used."
      submitLabel="Lend"
      pendingLabel="Lending..."
    >
      <Field
        label="Find a client by name or phone"
        hint="Field technicians are listed without a search."
        bind={form.field("search")}
        wide
      />
      <Field
        label="Lend to"
        placeholder="Choose who takes it"
        options={(holders.data ?? []).map(
          (h) => [String(h.id), `${h.name} (${h.role === "client" ? "client" : "technician"})`] as const,
        )}
        bind={form.field("holderUserId")}
        wide
      />
      <Field label="Due back" type="date" bind={form.field("dueOn")} />
      <Field label="Deposit (KES)" inputMode="numeric" bind={form.field("depositKes")} />
      <Field label="Weight out (kg)" inputMode="decimal" bind={form.field("weightOutKg")} />
      <Field label="Notes" bind={form.field("notes")} />
    </FormDialog>
  );
}

export function ReturnDialog({ flask, ...props }: DialogProps & { flask: Flask }) {
  const { form, dialog } = useFormDialog(
    props,
    {
      schema: flaskReturnSchema,
      initial: () => ({ weightBackKg: "", notes: "" }),
      idPrefix: "return",
      toInput: (v) => ({ weightBackKg: optionalNumber(v.weightBackKg), notes: v.notes || undefined }),
      required: ["weightBackKg"],
    },
    useReturnFlask(flask.id),
    {
      success: (f: Flask) => ({ title: "Flask returned", description: `${f.serial} is back in the store` }),
      failure: () => "The return could not be recorded",
    },
  );
  return (
    <FormDialog
      {...dialog}
      title={`Return ${flask.serial}`}
      description={`It went out at ${flask.loan?.weightOutKg} kg with ${flask.loan?.holder.name}. Straws still in it go back into stock.`}
      submitLabel="Record return"
      pendingLabel="Saving..."
      columns={1}
    >
      <Field label="Weight back (kg)" inputMode="decimal" bind={form.field("weightBackKg")} />
      <Field label="Notes" hint="The state it came back in." bind={form.field("notes")} />
    </FormDialog>
  );
}

/** Straws from the store into the flask; the batches that expire first go first. */
export function IssueDialog({ flask, ...props }: DialogProps & { flask: Flask }) {
  const semen = useQuery({ ...flaskQueries.semen(), enabled: props.open });
  const { form, dialog } = useFormDialog(
    props,
    {
      schema: flaskIssueSchema,
      initial: () => ({ inventoryItemId: "", quantity: "" }),
      idPrefix: "issue",
      toInput: (v) => ({
        items: [{ inventoryItemId: optionalNumber(v.inventoryItemId), quantity: optionalNumber(v.quantity) }],
      }),
      errorPaths: { "items.0.inventoryItemId": "inventoryItemId", "items.0.quantity": "quantity" },
      required: ["inventoryItemId", "quantity"],
    },
    useIssueStraws(flask.id),
    {
      success: () => ({ title: "Straws issued", description: flask.serial }),
      failure: () => "The straws could not be issued",
    },
  );
  return (
    <FormDialog
      {...dialog}
      title={`Issue straws to ${flask.serial}`}
      description={`It holds ${flask.capacityStraws} straws and has ${flask.straws}.`}
      submitLabel="Issue"
      pendingLabel="Issuing..."
    >
      <Field
        label="Semen"
        placeholder="Choose the straws"
        options={(semen.data ?? []).map(
          (i) =>
            [
              String(i.id),
              `${i.itemId} · ${i.breedName} (${i.currentStock - i.reservedStock} free)`,
            ] as const,
        )}
        bind={form.field("inventoryItemId")}
        wide
      />
      <Field label="Straws" inputMode="numeric" bind={form.field("quantity")} />
    </FormDialog>
  );
}
