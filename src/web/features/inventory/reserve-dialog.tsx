import { type FormEvent, useEffect, useState } from "react";
import type { InventoryItem } from "../../../contract/inventory";
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
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { formatKes } from "../../lib/format";
import { useCustomerChoices } from "../customers/api";
import { useReserve } from "./api";
import { unitName } from "./labels";

/** Holds stock of one item for a named customer; the server refuses more than is available. */
export function ReserveDialog({ item, onClose }: { item: InventoryItem | undefined; onClose: () => void }) {
  const customers = useCustomerChoices(!!item);
  const reserve = useReserve();
  const [customerName, setCustomerName] = useState("");
  const [quantity, setQuantity] = useState("1");
  const [notes, setNotes] = useState("");

  useEffect(() => {
    if (item) {
      setCustomerName("");
      setQuantity("1");
      setNotes("");
    }
  }, [item]);

  if (!item) return null;
  const qty = Number(quantity);
  const valid = Number.isInteger(qty) && qty >= 1 && qty <= item.availableStock;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    reserve.mutate(
      { id: item.id, customerName, quantity: qty, notes: notes || null },
      {
        onSuccess: ({ order }) => {
          toast({
            title: "Stock Reserved",
            description: `${unitName(item, qty)} of ${item.breedName} held for ${order.customerName} (order ${order.orderNumber}).`,
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
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reserve {item.breedName}</DialogTitle>
          <DialogDescription>
            {item.itemId}: {unitName(item, item.availableStock)} available at {formatKes(item.costPerUnit)}{" "}
            each. The reservation becomes a pending order for the customer.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit}>
          <Field id="reserve-customer" label="Customer *">
            <NativeSelect
              id="reserve-customer"
              required
              value={customerName}
              onChange={(e) => setCustomerName(e.target.value)}
            >
              <option value="" disabled>
                {customers.isLoading ? "Loading customers…" : "Choose a customer"}
              </option>
              {customers.data
                ?.filter((c) => c.isActive)
                .map((c) => (
                  <option key={c.id} value={c.name}>
                    {c.name}
                  </option>
                ))}
            </NativeSelect>
          </Field>
          <Field
            id="reserve-quantity"
            label="Quantity *"
            error={
              quantity !== "" && !valid ? `Enter a whole number from 1 to ${item.availableStock}` : undefined
            }
          >
            <Input
              id="reserve-quantity"
              type="number"
              required
              min={1}
              max={item.availableStock}
              step={1}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
          </Field>
          <Field id="reserve-notes" label="Notes">
            <Textarea id="reserve-notes" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </Field>
          {valid && <p className="text-sm">Order value: {formatKes(qty * item.costPerUnit)}</p>}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid || !customerName || reserve.isPending}>
              {reserve.isPending ? "Reserving..." : "Reserve"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
