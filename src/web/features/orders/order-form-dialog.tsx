import { useQuery } from "@tanstack/react-query";
import { currencies } from "../../../contract/money";
import { type Order, orderInputSchema, orderTypes } from "../../../contract/orders";
import { Field, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { optionalNumber } from "../../lib/form";
import { capitalise } from "../../lib/format";
import { customerQueries } from "../customers/api";
import { useSaveOrder } from "./api";

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

const toInput = (v: Form) => ({
  ...v,
  totalAmountKes: optionalNumber(v.totalAmountKes),
  totalAmountUsd: optionalNumber(v.totalAmountUsd) ?? null,
  expectedDeliveryDate: v.expectedDeliveryDate || null,
});

const typeOptions = optionsOf(orderTypes, capitalise);

/** New Order, or Edit when `order` is given. The customer is picked from existing customers by name. */
export function OrderFormDialog({ order, ...props }: DialogProps & { order?: Order }) {
  const customers = useQuery({ ...customerQueries.choices(), enabled: props.open });
  const editing = order && fromOrder(order);
  const spec = { schema: orderInputSchema, initial: empty, idPrefix: "order", toInput, editing };
  const { form, dialog } = useFormDialog(props, spec, useSaveOrder(order), {
    success: (saved) =>
      order
        ? { title: "Order Updated", description: `${saved.orderNumber} has been saved.` }
        : { title: "Order Created", description: "New order has been created successfully." },
    failure: (error) =>
      order
        ? errorStatus(error) === 409
          ? apiErrorMessage(error)
          : "Failed to update order. Please try again."
        : "Failed to create order. Please try again.",
  });

  const active = (customers.data ?? []).filter((c) => c.isActive).map((c) => c.name);
  // An order keeps its customer in the list even when that customer is no longer active.
  const names = order && !active.includes(order.customerName) ? [order.customerName, ...active] : active;
  return (
    <FormDialog
      {...dialog}
      title={order ? `Edit ${order.orderNumber}` : "Create New Order"}
      description={
        order
          ? "Change the order's details; shipped orders can no longer change."
          : "Record an order for an existing customer."
      }
      submitLabel={order ? "Save Changes" : "Create Order"}
      pendingLabel="Saving..."
    >
      <Field
        label="Customer *"
        placeholder={customers.isLoading ? "Loading customers…" : "Select customer"}
        options={optionsOf(names)}
        wide
        bind={form.field("customerName")}
      />
      <Field
        label="Order Type *"
        placeholder="Select type"
        options={typeOptions}
        bind={form.field("orderType")}
      />
      <Field label="Currency *" options={optionsOf(currencies)} bind={form.field("currency")} />
      <Field label="Amount (KES) *" type="number" min={1} step={1} bind={form.field("totalAmountKes")} />
      <Field label="Amount (USD)" type="number" min={1} step={1} bind={form.field("totalAmountUsd")} />
      <Field label="Expected Delivery" type="date" wide bind={form.field("expectedDeliveryDate")} />
    </FormDialog>
  );
}
