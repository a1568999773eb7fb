import { useQuery } from "@tanstack/react-query";
import { type InventoryItem, reserveInputSchema } from "../../../contract/inventory";
import { Field } from "../../components/ui/field";
import { FormDialog } from "../../components/ui/form-dialog";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { optionalNumber, useContractForm, useResetOnOpen } from "../../lib/form";
import { formatKes } from "../../lib/format";
import { customerQueries } from "../customers/api";
import { useReserve } from "./api";
import { unitName } from "./labels";

const empty = { customerId: "", quantity: "1", notes: "" };

/** Holds stock of one item for a customer; the server refuses more than is available. */
export function ReserveDialog({ item, onClose }: { item: InventoryItem | undefined; onClose: () => void }) {
  const customers = useQuery({ ...customerQueries.choices(), enabled: !!item });
  const reserve = useReserve();
  const form = useContractForm({
    schema: reserveInputSchema,
    initial: empty,
    idPrefix: "reserve",
    toInput: (v) => ({
      customerId: optionalNumber(v.customerId) ?? null,
      quantity: optionalNumber(v.quantity),
      notes: v.notes || null,
    }),
  });
  useResetOnOpen(!!item, form.reset);
  if (!item) return null;

  const { quantity, customerId } = form.values;
  const qty = Number(quantity);
  const withinStock = Number.isInteger(qty) && qty >= 1 && qty <= item.availableStock;
  const quantityField = form.field("quantity");
  const stockError =
    quantity !== "" && !withinStock ? `Enter a whole number from 1 to ${item.availableStock}` : undefined;

  const onSubmit = form.handleSubmit(({ customerId, quantity, notes }) =>
    reserve.mutate(
      { id: item.id, customerId, quantity, notes },
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

  // By id: two farms with one name stay apart, and the email tells them apart on screen.
  const choices = (customers.data ?? [])
    .filter((c) => c.isActive)
    .map((c) => [String(c.id), `${c.name} (${c.email})`] as const);
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
      submitDisabled={!withinStock || !customerId}
      submitLabel="Reserve"
      pendingLabel="Reserving..."
      columns={1}
    >
      <Field
        label="Customer *"
        placeholder={customers.isLoading ? "Loading customers…" : "Choose a customer"}
        options={choices}
        bind={form.field("customerId")}
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
