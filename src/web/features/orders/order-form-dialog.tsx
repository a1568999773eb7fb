import { useQuery } from "@tanstack/react-query";
import { currencies } from "../../../contract/money";
import { type Order, type OrderUpdate, orderInputSchema, orderTypes } from "../../../contract/orders";
import { Field, optionsOf } from "../../components/ui/field";
import { type DialogProps, FormDialog, useFormDialog } from "../../components/ui/form-dialog";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { optionalNumber } from "../../lib/form";
import { capitalise } from "../../lib/format";
import { forRecord } from "../../lib/query";
import { customerQueries } from "../customers/api";
import { orderQueries, useUpdateOrder } from "./api";

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

/**
 * Edit an order's details; shipped orders can no longer change. New orders are made with lines
 * (NewOrderDialog), so this form only edits.
 */
export function OrderFormDialog({ order, ...props }: DialogProps & { order: Order }) {
  const customers = useQuery({ ...customerQueries.choices(), enabled: props.open });
  // An order priced from its lines has no amount to edit: its lines set it.
  const detail = useQuery({ ...orderQueries.detail(order.id), enabled: props.open });
  const priced = (detail.data?.lines.length ?? 0) > 0;
  const update = useUpdateOrder();
  const sender = forRecord<OrderUpdate, Order>(update, order.id);
  const spec = {
    schema: orderInputSchema,
    initial: empty,
    idPrefix: "order",
    toInput,
    editing: fromOrder(order),
  };
  const { form, dialog } = useFormDialog(props, spec, sender, {
    success: (saved) => ({ title: "Order Updated", description: `${saved.orderNumber} has been saved.` }),
    failure: (error) =>
      errorStatus(error) === 409 ? apiErrorMessage(error) : "Failed to update order. Please try again.",
  });

  const active = (customers.data ?? []).filter((c) => c.isActive).map((c) => c.name);
  // An order keeps its customer in the list even when that customer is no longer active.
  const names = !active.includes(order.customerName) ? [order.customerName, ...active] : active;
  return (
    <FormDialog
      {...dialog}
      title={`Edit ${order.orderNumber}`}
      description="Change the order's details; shipped orders can no longer change."
      submitLabel="Save Changes"
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
      {!priced && (
        <>
          <Field label="Currency *" options={optionsOf(currencies)} bind={form.field("currency")} />
          <Field label="Amount (KES) *" type="number" min={1} step={1} bind={form.field("totalAmountKes")} />
          <Field label="Amount (USD)" type="number" min={1} step={1} bind={form.field("totalAmountUsd")} />
        </>
      )}
      <Field label="Expected Delivery" type="date" wide bind={form.field("expectedDeliveryDate")} />
    </FormDialog>
  );
}
