import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import type { Customer } from "../../../contract/customers";
import { itemisedOrderInputSchema } from "../../../contract/orders";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { type DialogProps, ModalDialog } from "../../components/ui/form-dialog";
import { FormFooter } from "../../components/ui/form-footer";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { apiErrorFields, apiErrorMessage, errorStatus } from "../../lib/api";
import { fieldErrorsOf, optionalNumber } from "../../lib/form";
import { formatKes } from "../../lib/format";
import { settingsQueries } from "../settings/api";
import { orderQueries, useCreateItemisedOrder } from "./api";
import { CustomerPicker } from "./customer-picker";
import { linesTotal, type ProductLine, ProductLines, type ServiceLine, ServiceLines } from "./order-lines";

/** Says, as it is typed, when a discount is above the Sales Manager's limit and a Director must approve. */
function DiscountNote({ lines, limitPct }: { lines: ProductLine[]; limitPct: number | null | undefined }) {
  if (limitPct === null || limitPct === undefined) return null;
  const largest = Math.max(0, ...lines.map((l) => Number(l.discountPct) || 0));
  return (
    <p
      className={largest > limitPct ? "text-sm text-amber-700 dark:text-amber-400" : "text-xs text-gray-500"}
      role="status"
      data-testid="discount-note"
    >
      {largest > limitPct
        ? `A ${largest}% discount is above your ${limitPct}% limit: a Director must approve this order.`
        : `You may give up to ${limitPct}% discount; a Director approves more.`}
    </p>
  );
}

/**
 * New Order with lines: the customer picked by id, products priced by the server (and reserved like a
 * client's order), services at an agreed amount. The contract's schema checks it here and on the server.
 */
export function NewOrderDialog({
  unlimitedDiscount,
  ...props
}: DialogProps & { unlimitedDiscount: boolean }) {
  const items = useQuery({ ...orderQueries.sellable(), enabled: props.open });
  const limit = useQuery({ ...settingsQueries.discounts(), enabled: props.open && !unlimitedDiscount });
  const nextKey = useRef(1);
  const key = () => nextKey.current++;
  const newLine = (): ProductLine => ({ key: key(), inventoryItemId: "", quantity: "1", discountPct: "" });
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [products, setProducts] = useState<ProductLine[]>(() => [newLine()]);
  const [services, setServices] = useState<ServiceLine[]>([]);
  const [delivery, setDelivery] = useState("");
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateItemisedOrder();
  const catalogue = items.data ?? [];

  const pick = (picked: Customer | null) => {
    setCustomer(picked);
    setErrors(({ customerId: _answered, ...rest }) => rest);
  };
  const close = () => {
    props.onOpenChange(false);
    setCustomer(null);
    setProducts([newLine()]);
    setServices([]);
    setDelivery("");
    setNotes("");
    setErrors({});
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Untouched blank lines are not sent; error paths (lines.1.quantity) count the lines sent, so they are
    // turned back into the lines on screen.
    const shown = products.flatMap((l, i) =>
      l.inventoryItemId !== "" || l.quantity !== "1" || l.discountPct !== "" ? [i] : [],
    );
    const kept = shown.map((i) => products[i]!);
    const onScreen = (found: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(found).map(([path, message]) => [
          path.replace(/^lines\.(\d+)\./, (_, n: string) => `lines.${shown[Number(n)]}.`),
          message,
        ]),
      );
    const parsed = itemisedOrderInputSchema.safeParse({
      customerId: customer?.id,
      lines: kept.map((l) => ({
        inventoryItemId: optionalNumber(l.inventoryItemId),
        quantity: optionalNumber(l.quantity),
        discountPct: optionalNumber(l.discountPct) ?? 0,
      })),
      services: services.map((s) => ({
        service: s.service,
        description: s.description || null,
        amountKes: optionalNumber(s.amountKes),
      })),
      expectedDeliveryDate: delivery || null,
      notes: notes || null,
    });
    if (!parsed.success) {
      setErrors(onScreen(fieldErrorsOf(parsed.error)));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: "Order Created", description: "New order has been created successfully." });
        close();
      },
      onError: (error) => {
        setErrors(onScreen(apiErrorFields(error)));
        // The server's reason when it refused the order (short stock, a closed customer); SPEC's words otherwise.
        const refused = (errorStatus(error) ?? 500) < 500;
        toast({
          variant: "destructive",
          title: "Error",
          description: (refused && apiErrorMessage(error)) || "Failed to create order. Please try again.",
        });
      },
    });
  };

  return (
    <ModalDialog
      open={props.open}
      onOpenChange={(open) => (open ? props.onOpenChange(true) : close())}
      title="Create New Order"
      description="Products are priced from the catalogue and their stock is held for the order."
      wide
    >
      <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="New order">
        <CustomerPicker value={customer} onChange={pick} error={errors.customerId} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Products</legend>
          <ProductLines
            lines={products}
            items={catalogue}
            canDiscount
            errors={errors}
            onChange={setProducts}
          />
          <DiscountNote
            lines={products}
            limitPct={unlimitedDiscount ? null : limit.data?.salesDiscountLimitPct}
          />
          {errors.lines && <p className="text-sm text-red-600 dark:text-red-400">{errors.lines}</p>}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setProducts([...products, newLine()])}
          >
            <Plus /> Add product
          </Button>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Services</legend>
          <ServiceLines lines={services} errors={errors} onChange={setServices} />
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              setServices([
                ...services,
                { key: key(), service: "artificial_insemination", description: "", amountKes: "" },
              ])
            }
          >
            <Plus /> Add service
          </Button>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Expected Delivery" id="order-delivery" error={errors.expectedDeliveryDate}>
            <Input
              id="order-delivery"
              type="date"
              value={delivery}
              onChange={(e) => setDelivery(e.target.value)}
            />
          </Field>
          <Field label="Notes" id="order-notes" error={errors.notes}>
            <Textarea id="order-notes" rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </Field>
        </div>
        <p className="text-right text-sm">
          Total at catalogue prices:{" "}
          <strong className="tabular-nums" data-testid="order-total">
            {formatKes(linesTotal(products, services, catalogue))}
          </strong>
        </p>
        <FormFooter
          onCancel={close}
          pending={create.isPending}
          submitLabel="Create Order"
          pendingLabel="Creating..."
        />
      </form>
    </ModalDialog>
  );
}
