import { type FormEvent, useEffect } from "react";
import {
  type Customer,
  type CustomerInput,
  type CustomerType,
  customerTypeLabels,
  customerTypes,
} from "../../../contract/customers";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { useFormFields } from "../../lib/use-form-fields";
import { useCreateCustomer, useUpdateCustomer } from "./api";

type FormState = Omit<CustomerInput, "type" | "notes"> & { type: CustomerType | ""; notes: string };
const empty: FormState = {
  name: "",
  type: "",
  email: "",
  phone: "",
  address: "",
  contactPerson: "",
  notes: "",
};

const fromCustomer = (c: Customer): FormState => ({
  name: c.name,
  type: c.type,
  email: c.email,
  phone: c.phone,
  address: c.address,
  contactPerson: c.contactPerson,
  notes: c.notes ?? "",
});

/** Add Customer, or edit one when `customer` is given. Required fields are checked by the browser first. */
export function CustomerFormDialog({
  open,
  onOpenChange,
  customer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customer?: Customer;
}) {
  const [form, set, setForm] = useFormFields<FormState>(empty);
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) setForm(customer ? fromCustomer(customer) : empty);
  }, [open, customer, setForm]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const payload: CustomerInput = { ...form, type: form.type as CustomerType, notes: form.notes || null };
    if (customer) {
      update.mutate(
        { id: customer.id, ...payload },
        {
          onSuccess: () => {
            toast({ title: "Customer Updated", description: `${payload.name} has been saved.` });
            onOpenChange(false);
          },
          onError: () =>
            toast({
              variant: "destructive",
              title: "Error",
              description: "Failed to update customer. Please try again.",
            }),
        },
      );
      return;
    }
    create.mutate(payload, {
      onSuccess: () => {
        toast({ title: "Customer Created", description: "New customer has been added successfully." });
        onOpenChange(false);
      },
      onError: () =>
        toast({
          variant: "destructive",
          title: "Error",
          description: "Failed to create customer. Please try again.",
        }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{customer ? "Edit Customer" : "Add New Customer"}</DialogTitle>
          <DialogDescription>
            {customer
              ? "Update this customer's details."
              : "Register a farm, breeder, veterinarian or distributor."}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit}>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="customer-name">Name *</Label>
              <Input id="customer-name" required value={form.name} onChange={set("name")} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="customer-type">Type *</Label>
              <NativeSelect id="customer-type" required value={form.type} onChange={set("type")}>
                <option value="" disabled>
                  Select type
                </option>
                {customerTypes.map((t) => (
                  <option key={t} value={t}>
                    {customerTypeLabels[t]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="space-y-2">
              <Label htmlFor="customer-email">Email *</Label>
              <Input id="customer-email" type="email" required value={form.email} onChange={set("email")} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="customer-phone">Phone *</Label>
              <Input
                id="customer-phone"
                type="tel"
                required
                placeholder="+254 7XX XXX XXX"
                value={form.phone}
                onChange={set("phone")}
              />
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor="customer-contact">Contact Person *</Label>
            <Input
              id="customer-contact"
              required
              value={form.contactPerson}
              onChange={set("contactPerson")}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="customer-address">Address *</Label>
            <Textarea
              id="customer-address"
              required
              rows={2}
              value={form.address}
              onChange={set("address")}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="customer-notes">Notes</Label>
            <Textarea id="customer-notes" rows={2} value={form.notes} onChange={set("notes")} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : customer ? "Save Changes" : "Create Customer"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
