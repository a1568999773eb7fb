import {
  type Customer,
  customerInputSchema,
  customerTypeLabels,
  customerTypes,
} from "../../../contract/customers";
import { Field, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { useSaveCustomer } from "./api";
import { SimilarNames } from "./similar-names";

const empty = {
  name: "",
  type: "",
  email: "",
  phone: "",
  address: "",
  contactPerson: "",
  kraPin: "",
  notes: "",
};

const fromCustomer = (c: Customer) => ({
  name: c.name,
  type: c.type,
  email: c.email ?? "",
  phone: c.phone,
  address: c.address,
  contactPerson: c.contactPerson,
  kraPin: c.kraPin ?? "",
  notes: c.notes ?? "",
});

/** Add Customer, or edit one when `customer` is given. */
export function CustomerFormDialog({ customer, ...props }: DialogProps & { customer?: Customer }) {
  const editing = customer && fromCustomer(customer);
  const spec = { schema: customerInputSchema, initial: empty, idPrefix: "customer", editing };
  const save = useSaveCustomer(customer);
  const { form, dialog } = useFormDialog(props, spec, save, {
    success: (_saved, input) =>
      customer
        ? { title: "Customer Updated", description: `${input.name} has been saved.` }
        : { title: "Customer Created", description: "New customer has been added successfully." },
    failure: () => `Failed to ${customer ? "update" : "create"} customer. Please try again.`,
  });

  return (
    <FormDialog
      {...dialog}
      title={customer ? "Edit Customer" : "Add New Customer"}
      description={
        customer
          ? "Update this customer's details."
          : "Register a farm, breeder, veterinarian or distributor."
      }
      submitLabel={customer ? "Save Changes" : "Create Customer"}
      pendingLabel="Saving..."
    >
      <Field label="Name *" bind={form.field("name")} />
      <SimilarNames name={form.values.name} excludeId={customer?.id} />
      <Field
        label="Type *"
        placeholder="Select type"
        options={optionsOf(customerTypes, customerTypeLabels)}
        bind={form.field("type")}
      />
      <Field label="Email *" type="email" bind={form.field("email")} />
      <Field label="Phone *" type="tel" placeholder="+254 7XX XXX XXX" bind={form.field("phone")} />
      <Field label="Contact Person *" bind={form.field("contactPerson")} />
      <Field
        label="KRA PIN"
        placeholder="P051234567X"
        hint="Printed on its tax invoices"
        bind={form.field("kraPin")}
      />
      <Field label="Address *" rows={2} wide bind={form.field("address")} />
      <Field label="Notes" rows={2} wide bind={form.field("notes")} />
    </FormDialog>
  );
}
