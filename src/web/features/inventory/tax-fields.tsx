import { taxTypeLabels, taxTypeNote, taxTypes } from "../../../contract/tax";
import { Field } from "../../components/ui/field";
import type { FieldBinding } from "../../lib/form";

/**
 * An item's KRA eTIMS tax type and classification code: what its sales are declared at. A Director's to
 * set, like the price; the hint says why semen is exempt and embryos wait for a choice.
 */
export function TaxFields({
  taxType,
  itemClassCode,
  mayChange,
}: {
  taxType: FieldBinding;
  itemClassCode: FieldBinding;
  mayChange: boolean;
}) {
  return (
    <>
      <Field
        label="Tax type (eTIMS)"
        placeholder="Not set: cannot be invoiced"
        options={taxTypes.map((t) => [t, taxTypeLabels[t]] as const)}
        disabled={!mayChange}
        hint={mayChange ? taxTypeNote : "Only a Director may change the tax type"}
        bind={taxType}
      />
      <Field label="KRA item class code" readOnly={!mayChange} bind={itemClassCode} />
    </>
  );
}
