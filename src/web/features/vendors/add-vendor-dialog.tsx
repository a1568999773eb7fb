import { vendorInputSchema, vendorTypeLabels, vendorTypes } from "../../../contract/vendors";
import { Field, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { useCreateVendor } from "./api";

const empty = {
  name: "",
  type: "genetics_supplier",
  email: "",
  phone: "",
  address: "",
  contactPerson: "",
  specialization: "",
  notes: "",
};

/** SPEC: these blank, the form says "Please fill in all required fields". */
const required = ["name", "email", "contactPerson"] as const;

export function AddVendorDialog(props: DialogProps) {
  const spec = { schema: vendorInputSchema, initial: empty, idPrefix: "v", required };
  const { form, dialog } = useFormDialog(props, spec, useCreateVendor(), {
    success: () => ({ title: "Success", description: "Vendor added successfully" }),
    failure: () => "Failed to add vendor",
  });
  return (
    <FormDialog
      {...dialog}
      title="Add Vendor"
      description="Suppliers and partners start active with five stars."
      submitLabel="Add Vendor"
      pendingLabel="Adding..."
    >
      <Field label="Name *" bind={form.field("name")} />
      <Field label="Type" options={optionsOf(vendorTypes, vendorTypeLabels)} bind={form.field("type")} />
      <Field label="Email *" type="email" bind={form.field("email")} />
      <Field label="Phone" type="tel" bind={form.field("phone")} />
      <Field label="Contact person *" bind={form.field("contactPerson")} />
      <Field label="Specialization" bind={form.field("specialization")} />
      <Field label="Address" wide bind={form.field("address")} />
      <Field label="Notes" rows={2} wide bind={form.field("notes")} />
    </FormDialog>
  );
}
