import { useQuery } from "@tanstack/react-query";
import { type InventoryItem, reserveInputSchema } from "../../../contract/inventory";
import { Field, optionsOf } from "../../components/ui/field";
import { FormDialog } from "../../components/ui/form-dialog";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { optionalNumber, useContractForm, useResetOnOpen } from "../../lib/form";
import { formatKes } from "../../lib/format";
import { customerQueries } from "../customers/api";
import { useReserve } from "./api";
import { unitName } from "./labels";

const empty = { customerName: "", quantity: "1", notes: "" };

/** Holds stock of one item for a named customer; the server refuses more than is available. */
export function ReserveDialog({ item, onClose }: { item: InventoryItem | undefined; onClose: () => void }) {
  const customers = useQuery({ ...customerQueries.choices(), enabled: !!item });
  const reserve = useReserve();
  const form = useContractForm({
    schema: reserveInputSchema,
    initial: empty,
    idPrefix: "reserve",
    toInput: (v) => ({ ...v, quantity: optionalNumber(v.quantity), notes: v.notes || null }),
  });
  useResetOnOpen(!!item, form.reset);
  if (!item) return null;

  const { quantity, customerName } = form.values;
  const qty = Number(quantity);
  const withinStock = Number.isInteger(qty) && qty >= 1 && qty <= item.availableStock;
  const quantityField = form.field("quantity");
  const stockError =
    quantity !== "" && !withinStock ? `Enter a whole number from 1 to ${item.availableStock}` : undefined;

  const onSubmit = form.handleSubmit(({ customerName, quantity, notes }) =>
    reserve.mutate(
      { id: item.id, customerName, quantity, notes },
      {
        onSuccess: ({ order }) => {
          toast({
            title: "Stock Reserved",
            description: `${unitName(item, quantity)} of ${item.breedName} held for ${order.customerName} (order ${order.orderNumber}).`,
          });
          onClose();
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Reservation Failed",
            description:
              errorStatus(error) === 409
                ? (apiErrorMessage(error) ?? "Not enough stock.")
                : "Failed to reserve stock. Please try again.",
          }),
      },
    ),
  );

  const names = (customers.data ?? []).filter((c) => c.isActive).map((c) => c.name);
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Reserve ${item.breedName}`}
      description={`${item.itemId}: ${unitName(item, item.availableStock)} available at ${formatKes(
        item.costPerUnit,
      )} each. The reservation becomes a pending order for the customer.`}
      onSubmit={onSubmit}
      pending={reserve.isPending}
      submitDisabled={!withinStock || !customerName}
      submitLabel="Reserve"
      pendingLabel="Reserving..."
      columns={1}
    >
      <Field
        label="Customer *"
        placeholder={customers.isLoading ? "Loading customers…" : "Choose a customer"}
        options={optionsOf(names)}
        bind={form.field("customerName")}
      />
      <Field
        label="Quantity *"
        type="number"
        min={1}
        max={item.availableStock}
        step={1}
        bind={{ ...quantityField, error: stockError ?? quantityField.error }}
      />
      <Field label="Notes" rows={2} bind={form.field("notes")} />
      {withinStock && <p className="text-sm">Order value: {formatKes(qty * item.costPerUnit)}</p>}
    </FormDialog>
  );
}
