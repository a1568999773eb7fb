import { caneKindLabels, caneKinds, canisterInputSchema, type TankMap } from "../../../contract/cryo-store";
import { Field, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { optionalNumber } from "../../lib/form";
import { useAddCanister } from "./api";

/** A new canister in a tank, with its canes or goblets labelled T<tank>-C<n>-<k>. */
export function CanisterDialog({ tank, ...props }: DialogProps & { tank: TankMap }) {
  const spec = {
    schema: canisterInputSchema,
    initial: { caneKind: "cane", canes: "10", strawsPerCane: "20" },
    idPrefix: "canister",
    toInput: (f: { caneKind: string; canes: string; strawsPerCane: string }) => ({
      storageUnitId: tank.id,
      caneKind: f.caneKind,
      canes: optionalNumber(f.canes),
      strawsPerCane: optionalNumber(f.strawsPerCane),
    }),
  };
  const { form, dialog } = useFormDialog(props, spec, useAddCanister(), {
    success: (map) => ({
      title: "Canister added",
      description: `${map.name} now has ${map.canisters.length} canisters.`,
    }),
    failure: () => "Failed to add the canister",
  });
  return (
    <FormDialog
      {...dialog}
      title={`Add a canister to ${tank.name}`}
      description="Its canes or goblets get printed labels."
      submitLabel="Add canister"
      pendingLabel="Adding..."
      columns={1}
    >
      <Field label="Holds" options={optionsOf(caneKinds, caneKindLabels)} bind={form.field("caneKind")} />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Canes or goblets" type="text" inputMode="numeric" bind={form.field("canes")} />
        <Field label="Straws each" type="text" inputMode="numeric" bind={form.field("strawsPerCane")} />
      </div>
    </FormDialog>
  );
}
