import { type FormEvent, useEffect, useState } from "react";
import { currencies } from "../../../contract/money";
import { type Order, type OrderInput, orderTypes } from "../../../contract/orders";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../components/ui/use-toast";
import { apiErrorFields, apiErrorMessage, errorStatus } from "../../lib/api";
import { useFormFields } from "../../lib/use-form-fields";
import { useCustomerChoices } from "../customers/api";
import { useCreateOrder, useUpdateOrder } from "./api";

const empty = {
  customerName: "",
  orderType: "",
  totalAmountKes: "",
  totalAmountUsd: "",
  currency: "KES",
  expectedDeliveryDate: "",
};
type Form = typeof empty;

const fromOrder = (o: Order): Form => ({
  customerName: o.customerName,
  orderType: o.orderType,
  totalAmountKes: String(o.totalAmountKes),
  totalAmountUsd: o.totalAmountUsd === null ? "" : String(o.totalAmountUsd),
  currency: o.currency,
  expectedDeliveryDate: o.expectedDeliveryDate?.slice(0, 10) ?? "",
});

/** New Order, or Edit when `order` is given. The customer is picked from existing customers by name. */
export function OrderFormDialog({
  open,
  onOpenChange,
  order,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order?: Order;
}) {
  const [form, set, setForm] = useFormFields<Form>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const customers = useCustomerChoices(open);
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) {
      setForm(order ? fromOrder(order) : empty);
      setErrors({});
    }
  }, [open, order, setForm]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const payload: OrderInput = {
      customerName: form.customerName,
      orderType: form.orderType as OrderInput["orderType"],
      totalAmountKes: Number(form.totalAmountKes),
      totalAmountUsd: form.totalAmountUsd === "" ? null : Number(form.totalAmountUsd),
      currency: form.currency as OrderInput["currency"],
      expectedDeliveryDate: form.expectedDeliveryDate || null,
    };
    const onError = (error: unknown) => {
      setErrors(apiErrorFields(error));
      toast({
        variant: "destructive",
        title: "Error",
        description: order
          ? errorStatus(error) === 409
            ? apiErrorMessage(error)
            : "Failed to update order. Please try again."
          : "Failed to create order. Please try again.",
      });
    };
    if (order) {
      update.mutate(
        { id: order.id, ...payload },
        {
          onSuccess: (o) => {
            toast({ title: "Order Updated", description: `${o.orderNumber} has been saved.` });
            onOpenChange(false);
          },
          onError,
        },
      );
      return;
    }
    create.mutate(payload, {
      onSuccess: () => {
        toast({ title: "Order Created", description: "New order has been created successfully." });
        onOpenChange(false);
      },
      onError,
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{order ? `Edit ${order.orderNumber}` : "Create New Order"}</DialogTitle>
          <DialogDescription>
            {order
              ? "Change the order's details; shipped orders can no longer change."
              : "Record an order for an existing customer."}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
          <Field id="order-customer" label="Customer *" error={errors.customerName} className="sm:col-span-2">
            <NativeSelect
              id="order-customer"
              required
              value={form.customerName}
              onChange={set("customerName")}
            >
              <option value="" disabled>
                {customers.isLoading ? "Loading customers…" : "Select customer"}
              </option>
              {order && !customers.data?.some((c) => c.name === order.customerName) && (
                <option value={order.customerName}>{order.customerName}</option>
              )}
              {customers.data
                ?.filter((c) => c.isActive)
                .map((c) => (
                  <option key={c.id} value={c.name}>
                    {c.name}
                  </option>
                ))}
            </NativeSelect>
          </Field>
          <Field id="order-type" label="Order Type *" error={errors.orderType}>
            <NativeSelect id="order-type" required value={form.orderType} onChange={set("orderType")}>
              <option value="" disabled>
                Select type
              </option>
              {orderTypes.map((t) => (
                <option key={t} value={t}>
                  {t[0]!.toUpperCase() + t.slice(1)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="order-currency" label="Currency *" error={errors.currency}>
            <NativeSelect id="order-currency" required value={form.currency} onChange={set("currency")}>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="order-kes" label="Amount (KES) *" error={errors.totalAmountKes}>
            <Input
              id="order-kes"
              type="number"
              required
              min={1}
              step={1}
              value={form.totalAmountKes}
              onChange={set("totalAmountKes")}
            />
          </Field>
          <Field id="order-usd" label="Amount (USD)" error={errors.totalAmountUsd}>
            <Input
              id="order-usd"
              type="number"
              min={1}
              step={1}
              value={form.totalAmountUsd}
              onChange={set("totalAmountUsd")}
            />
          </Field>
          <Field
            id="order-delivery"
            label="Expected Delivery"
            error={errors.expectedDeliveryDate}
            className="sm:col-span-2"
          >
            <Input
              id="order-delivery"
              type="date"
              value={form.expectedDeliveryDate}
              onChange={set("expectedDeliveryDate")}
            />
          </Field>
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : order ? "Save Changes" : "Create Order"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
