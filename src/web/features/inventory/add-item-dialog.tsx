import { type FormEvent, useEffect, useState } from "react";
import {
  categoryLabels,
  geneticCategories,
  geneticOrigins,
  type InventoryItemInput,
  itemTypes,
  originLabels,
} from "../../../contract/inventory";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { FormFooter } from "../../components/ui/form-footer";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { apiErrorFields, apiErrorMessage, errorStatus } from "../../lib/api";
import { useFormFields } from "../../lib/use-form-fields";
import { useStorageUnits } from "../storage/api";
import { useCreateItem } from "./api";

const empty = {
  itemId: "",
  type: "",
  breedName: "",
  acquiredFrom: "",
  currentStock: "",
  costPerUnit: "",
  storageUnitId: "",
  storageLocation: "",
  category: "",
  origin: "",
  expiryDate: "",
  milkYield: "",
  weightGain: "",
  heatTolerance: "",
  breedingValue: "",
  regions: "",
  description: "",
};
type Form = typeof empty;

/** Receives a new batch of embryos or semen into stock. Stock and price must be positive whole numbers. */
export function AddItemDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [form, set, setForm] = useFormFields<Form>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const units = useStorageUnits(open);
  const create = useCreateItem();

  useEffect(() => {
    if (open) {
      setForm(empty);
      setErrors({});
    }
  }, [open, setForm]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const payload: InventoryItemInput = {
      itemId: form.itemId,
      type: form.type as InventoryItemInput["type"],
      breedName: form.breedName,
      acquiredFrom: form.acquiredFrom,
      currentStock: Number(form.currentStock),
      costPerUnit: Number(form.costPerUnit),
      storageLocation: form.storageLocation,
      storageUnitId: form.storageUnitId ? Number(form.storageUnitId) : null,
      expiryDate: form.expiryDate || null,
      description: form.description || null,
      geneticData: {
        category: form.category as InventoryItemInput["geneticData"]["category"],
        origin: form.origin as InventoryItemInput["geneticData"]["origin"],
        milk_yield: form.milkYield || undefined,
        weight_gain: form.weightGain || undefined,
        heat_tolerance: form.heatTolerance || undefined,
        breeding_value: form.breedingValue ? Number(form.breedingValue) : undefined,
        region_suitability: form.regions
          .split(",")
          .map((r) => r.trim())
          .filter(Boolean),
      },
    };
    create.mutate(payload, {
      onSuccess: (item) => {
        toast({ title: "Item Added", description: `${item.itemId} (${item.breedName}) is now in stock.` });
        onOpenChange(false);
      },
      onError: (error) => {
        setErrors(apiErrorFields(error));
        toast({
          variant: "destructive",
          title: "Error",
          description:
            errorStatus(error) === 409
              ? apiErrorMessage(error)
              : "Failed to add item. Please check the form.",
        });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add Inventory Item</DialogTitle>
          <DialogDescription>Receive a batch of embryos or semen doses into storage.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
          <Field id="item-id" label="Item ID *" error={errors.itemId}>
            <Input
              id="item-id"
              required
              placeholder="EMB-HF-010"
              value={form.itemId}
              onChange={set("itemId")}
            />
          </Field>
          <Field id="item-type" label="Type *" error={errors.type}>
            <NativeSelect id="item-type" required value={form.type} onChange={set("type")}>
              <option value="" disabled>
                Select type
              </option>
              {itemTypes.map((t) => (
                <option key={t} value={t}>
                  {t === "embryo" ? "Embryo" : "Sperm (semen)"}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="item-breed" label="Breed *" error={errors.breedName}>
            <Input id="item-breed" required value={form.breedName} onChange={set("breedName")} />
          </Field>
          <Field id="item-supplier" label="Supplier *" error={errors.acquiredFrom}>
            <Input id="item-supplier" required value={form.acquiredFrom} onChange={set("acquiredFrom")} />
          </Field>
          <Field id="item-stock" label="Stock (units) *" error={errors.currentStock}>
            <Input
              id="item-stock"
              type="number"
              required
              min={1}
              step={1}
              value={form.currentStock}
              onChange={set("currentStock")}
            />
          </Field>
          <Field id="item-price" label="Price per unit (KES) *" error={errors.costPerUnit}>
            <Input
              id="item-price"
              type="number"
              required
              min={1}
              step={1}
              value={form.costPerUnit}
              onChange={set("costPerUnit")}
            />
          </Field>
          <Field id="item-category" label="Category *" error={errors["geneticData.category"]}>
            <NativeSelect id="item-category" required value={form.category} onChange={set("category")}>
              <option value="" disabled>
                Select category
              </option>
              {geneticCategories.map((c) => (
                <option key={c} value={c}>
                  {categoryLabels[c]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="item-origin" label="Origin *" error={errors["geneticData.origin"]}>
            <NativeSelect id="item-origin" required value={form.origin} onChange={set("origin")}>
              <option value="" disabled>
                Select origin
              </option>
              {geneticOrigins.map((o) => (
                <option key={o} value={o}>
                  {originLabels[o]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="item-unit" label="Storage unit" error={errors.storageUnitId}>
            <NativeSelect id="item-unit" value={form.storageUnitId} onChange={set("storageUnitId")}>
              <option value="">Not assigned</option>
              {units.data?.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.storageUnit} ({u.location})
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="item-location" label="Storage location *" error={errors.storageLocation}>
            <Input
              id="item-location"
              required
              placeholder="Canister 1, Goblet A"
              value={form.storageLocation}
              onChange={set("storageLocation")}
            />
          </Field>
          <Field id="item-expiry" label="Expiry date" error={errors.expiryDate}>
            <Input id="item-expiry" type="date" value={form.expiryDate} onChange={set("expiryDate")} />
          </Field>
          <Field id="item-bv" label="Breeding value (0-100)" error={errors["geneticData.breeding_value"]}>
            <Input
              id="item-bv"
              type="number"
              min={0}
              max={100}
              value={form.breedingValue}
              onChange={set("breedingValue")}
            />
          </Field>
          <Field id="item-milk" label="Milk yield">
            <Input
              id="item-milk"
              placeholder="7,500 L/lactation"
              value={form.milkYield}
              onChange={set("milkYield")}
            />
          </Field>
          <Field id="item-gain" label="Weight gain">
            <Input
              id="item-gain"
              placeholder="1.0 kg/day"
              value={form.weightGain}
              onChange={set("weightGain")}
            />
          </Field>
          <Field id="item-heat" label="Heat tolerance">
            <Input
              id="item-heat"
              placeholder="Good"
              value={form.heatTolerance}
              onChange={set("heatTolerance")}
            />
          </Field>
          <Field id="item-regions" label="Suitable regions (comma-separated)">
            <Input
              id="item-regions"
              placeholder="Central, Rift Valley"
              value={form.regions}
              onChange={set("regions")}
            />
          </Field>
          <Field id="item-description" label="Description" className="sm:col-span-2">
            <Textarea id="item-description" rows={2} value={form.description} onChange={set("description")} />
          </Field>
          <FormFooter
            className="sm:col-span-2"
            onCancel={() => onOpenChange(false)}
            pending={create.isPending}
            submitLabel="Add Item"
            pendingLabel="Adding..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
