import { useQuery } from "@tanstack/react-query";
import {
  categoryLabels,
  geneticCategories,
  geneticOrigins,
  type InventoryItem,
  type InventoryItemInput,
  type InventoryItemUpdate,
  inventoryItemInputSchema,
  inventoryItemUpdateSchema,
  itemTypes,
  originLabels,
} from "../../../contract/inventory";
import { can } from "../../../contract/roles";
import { Field, type Options, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { optionalNumber } from "../../lib/form";
import type { MutateCallbacks } from "../../lib/query";
import { useSession } from "../../lib/session";
import { caneOptions, storageQueries, storeQueries } from "../storage/api";
import { useCreateItem, useUpdateItem } from "./api";
import {
  GeneticsFields,
  geneticsEmpty,
  geneticsErrorPaths,
  geneticsFromItem,
  geneticsToInput,
} from "./genetics-fields";
import { TaxFields } from "./tax-fields";

const empty = {
  itemId: "",
  type: "",
  breedName: "",
  acquiredFrom: "",
  currentStock: "",
  costPerUnit: "",
  taxType: "",
  itemClassCode: "",
  storageUnitId: "",
  storageLocation: "",
  category: "",
  origin: "",
  expiryDate: "",
  milkYield: "",
  weightGain: "",
  breedingValue: "",
  regions: "",
  description: "",
  descriptionSw: "",
  caneId: "",
  placedCount: "",
  batchCode: "",
  collectedOn: "",
  motilityPct: "",
  ...geneticsEmpty,
};
type Form = typeof empty;

const toInput = (f: Form) => ({
  itemId: f.itemId,
  type: f.type,
  breedName: f.breedName,
  acquiredFrom: f.acquiredFrom,
  currentStock: optionalNumber(f.currentStock),
  costPerUnit: optionalNumber(f.costPerUnit),
  // Not chosen on a new item: the server's default (semen exempt); on an edit, left as it is.
  taxType: f.taxType || undefined,
  itemClassCode: f.itemClassCode || null,
  storageLocation: f.storageLocation,
  storageUnitId: f.storageUnitId ? Number(f.storageUnitId) : null,
  expiryDate: f.expiryDate || null,
  description: f.description || null,
  descriptionSw: f.descriptionSw || null,
  // The first batch; later ones are received from the item's record.
  batch: {
    code: f.batchCode || "L1",
    collectedOn: f.collectedOn || null,
    expiryDate: f.expiryDate || null,
    motilityPct: optionalNumber(f.motilityPct) ?? null,
  },
  // A receipt goes to one cane here; more positions are added on the tank map.
  positions: f.caneId
    ? [{ caneId: Number(f.caneId), count: optionalNumber(f.placedCount || f.currentStock) }]
    : undefined,
  geneticData: {
    category: f.category,
    origin: f.origin,
    milk_yield: f.milkYield || undefined,
    weight_gain: f.weightGain || undefined,
    breeding_value: optionalNumber(f.breedingValue),
    region_suitability: f.regions
      .split(",")
      .map((r) => r.trim())
      .filter(Boolean),
  },
  genetics: geneticsToInput(f),
});

/** The server's names for the genetic fields, mapped to the form's. */
const errorPaths: Record<string, keyof Form> = {
  "geneticData.category": "category",
  "geneticData.origin": "origin",
  "geneticData.breeding_value": "breedingValue",
  "positions.0.caneId": "caneId",
  "positions.0.count": "placedCount",
  positions: "placedCount",
  "batch.code": "batchCode",
  "batch.collectedOn": "collectedOn",
  "batch.motilityPct": "motilityPct",
  ...geneticsErrorPaths,
};

const typeOptions: Options = itemTypes.map((t) => [t, t === "embryo" ? "Embryo" : "Sperm (semen)"] as const);

/** An item's details as form text, for editing. */
const fromItem = (item: InventoryItem): Form => ({
  ...empty,
  itemId: item.itemId,
  type: item.type,
  currentStock: String(item.currentStock),
  breedName: item.breedName,
  acquiredFrom: item.acquiredFrom,
  costPerUnit: String(item.costPerUnit),
  taxType: item.taxType ?? "",
  itemClassCode: item.itemClassCode ?? "",
  storageUnitId: item.storageUnitId ? String(item.storageUnitId) : "",
  storageLocation: item.storageLocation,
  category: item.geneticData.category,
  origin: item.geneticData.origin,
  expiryDate: item.expiryDate ?? "",
  milkYield: item.geneticData.milk_yield ?? "",
  weightGain: item.geneticData.weight_gain ?? "",
  breedingValue: item.geneticData.breeding_value === undefined ? "" : String(item.geneticData.breeding_value),
  regions: item.geneticData.region_suitability.join(", "),
  description: item.description ?? "",
  descriptionSw: item.descriptionSw ?? "",
  ...geneticsFromItem(item.genetics),
});

/**
 * Receives a new batch of embryos or semen into stock (stock and price positive whole numbers), or, given
 * `item`, corrects its details: its ID, type and stock stay as they are (stock moves by counts and
 * write-offs).
 */
export function AddItemDialog({ item, ...props }: DialogProps & { item?: InventoryItem }) {
  const session = useSession();
  const mayPrice = session.data ? can(session.data.user.role, "pricing") : false;
  const units = useQuery({ ...storageQueries.units(), enabled: props.open });
  const store = useQuery({ ...storeQueries.map(), enabled: props.open && !item });
  // The receipt schema is the edit schema plus ID, type and stock: typed as the smaller one for the form.
  const schema = (
    item ? inventoryItemUpdateSchema : inventoryItemInputSchema
  ) as typeof inventoryItemUpdateSchema;
  const spec = {
    schema,
    initial: empty,
    idPrefix: "item",
    toInput,
    errorPaths,
    editing: item && fromItem(item),
  };
  const create = useCreateItem();
  const update = useUpdateItem();
  const save = {
    mutate: (data: InventoryItemUpdate, callbacks: MutateCallbacks<InventoryItem>) =>
      item
        ? update.mutate({ ...data, id: item.id }, callbacks)
        : create.mutate(data as InventoryItemInput, callbacks),
    isPending: create.isPending || update.isPending,
  };
  const { form, dialog } = useFormDialog(props, spec, save, {
    success: (saved) =>
      item
        ? { title: "Item Updated", description: `${saved.itemId} (${saved.breedName}) has been saved.` }
        : { title: "Item Added", description: `${saved.itemId} (${saved.breedName}) is now in stock.` },
    failure: (error) =>
      errorStatus(error) === 409 ? apiErrorMessage(error) : "Failed to save the item. Please check the form.",
  });

  const unitOptions: Options = [
    ["", "Not assigned"],
    ...(units.data ?? []).map((u) => [String(u.id), `${u.storageUnit} (${u.location})`] as const),
  ];
  return (
    <FormDialog
      {...dialog}
      title={item ? `Edit ${item.itemId}` : "Add Inventory Item"}
      description={
        item
          ? "Correct the details; stock changes by a physical count or a write-off."
          : "Receive a batch of embryos or semen doses into storage."
      }
      wide
      submitLabel={item ? "Save Changes" : "Add Item"}
      pendingLabel={item ? "Saving..." : "Adding..."}
    >
      {!item && <Field label="Item ID *" placeholder="EMB-HF-010" bind={form.field("itemId")} />}
      {!item && (
        <Field label="Type *" placeholder="Select type" options={typeOptions} bind={form.field("type")} />
      )}
      <Field label="Breed *" bind={form.field("breedName")} />
      <Field label="Supplier *" bind={form.field("acquiredFrom")} />
      {!item && (
        <Field label="Stock (units) *" type="number" min={1} step={1} bind={form.field("currentStock")} />
      )}
      <Field
        label="Price per unit (KES) *"
        type="number"
        min={1}
        step={1}
        // A list price, once set, is changed only by a Director (the pricing permission).
        readOnly={Boolean(item) && !mayPrice}
        hint={item && !mayPrice ? "Only a Director may change a list price" : undefined}
        bind={form.field("costPerUnit")}
      />
      <TaxFields
        taxType={form.field("taxType")}
        itemClassCode={form.field("itemClassCode")}
        mayChange={!item || mayPrice}
      />
      <Field
        label="Category *"
        placeholder="Select category"
        options={optionsOf(geneticCategories, categoryLabels)}
        bind={form.field("category")}
      />
      <Field
        label="Origin *"
        placeholder="Select origin"
        options={optionsOf(geneticOrigins, originLabels)}
        bind={form.field("origin")}
      />
      <Field label="Storage unit" options={unitOptions} bind={form.field("storageUnitId")} />
      <Field
        label="Storage location *"
        placeholder="Canister 1, Goblet A"
        bind={form.field("storageLocation")}
      />
      {!item && (
        <Field
          label="Place at (cane or goblet)"
          // Only positions of the item's kind: semen on canes, embryos in goblets.
          options={[
            ["", "Not placed yet"],
            ...caneOptions(store.data, undefined, form.values.type === "embryo" ? "goblet" : "cane"),
          ]}
          bind={form.field("caneId")}
        />
      )}
      {!item && form.values.caneId && (
        <Field
          label="Straws placed there"
          type="number"
          min={1}
          step={1}
          placeholder="All received"
          bind={form.field("placedCount")}
        />
      )}
      <Field label="Expiry date" type="date" bind={form.field("expiryDate")} />
      {!item && (
        <>
          <Field label="Batch code" placeholder="L1" bind={form.field("batchCode")} />
          <Field label="Collected on" type="date" bind={form.field("collectedOn")} />
          <Field label="Post-thaw motility (%)" inputMode="numeric" bind={form.field("motilityPct")} />
        </>
      )}
      <Field
        label="Breeding value (0-100)"
        type="number"
        min={0}
        max={100}
        bind={form.field("breedingValue")}
      />
      <Field label="Herd milk yield" placeholder="7,500 L/lactation" bind={form.field("milkYield")} />
      <Field label="Herd weight gain" placeholder="1.0 kg/day" bind={form.field("weightGain")} />
      <Field
        label="Suitable regions (comma-separated)"
        placeholder="Central, Rift Valley"
        bind={form.field("regions")}
      />
      <Field label="Description" rows={2} wide bind={form.field("description")} />
      <Field
        label="Description in Kiswahili"
        hint="Shown to clients reading in Kiswahili; without it they see the English one."
        rows={2}
        wide
        bind={form.field("descriptionSw")}
      />
      <GeneticsFields
        type={item?.type ?? form.values.type}
        field={form.field}
        values={form.values}
        setFlag={(name, on) => form.setValues((v) => ({ ...v, [name]: on ? "true" : "" }))}
      />
    </FormDialog>
  );
}
