import { useEffect } from "react";
import { useSearch } from "wouter";
import { type PaymentMethod, paymentMethods } from "../../../contract/order-states";
import { toast } from "../../components/ui/use-toast";
import { apiErrorMessage, errorStatus } from "../../lib/api";
import { localToday } from "../../lib/dates";
import { type FieldErrors, schemaOnDemand, useContractForm } from "../../lib/form";
import { type MessageId, say, t } from "../../lib/i18n/i18n";
import { isOnline } from "../../lib/online";
import { useSession } from "../../lib/session";
import { usePlaceOrder } from "./api";
import { type CartItem, clearCart, useCart } from "./cart-store";

/**
 * The two places a client checks out, with their own SPEC texts: the shop's cart (delivery address, date
 * and instructions) and the order portal (the contact details of whoever takes the delivery).
 */
export type CheckoutVariant = "cart" | "portal";

const fields = {
  address: "",
  date: "",
  instructions: "",
  name: "",
  phone: "",
  email: "",
  location: "",
  paymentMethod: "mpesa" as PaymentMethod,
};
export type CheckoutValues = typeof fields;

/** A payment method chosen before the checkout (the home page's select), passed as `?pay=`. */
function chosenPayment(search: string): PaymentMethod {
  const pay = new URLSearchParams(search).get("pay");
  return paymentMethods.find((m) => m === pay) ?? "mpesa";
}

const portalRequired = [
  ["customerName", "checkout.nameRequired"],
  ["customerEmail", "checkout.emailRequired"],
  ["customerPhone", "checkout.phoneRequired"],
  ["customerLocation", "checkout.locationRequired"],
] as const satisfies readonly (readonly [string, MessageId])[];

/**
 * The contract's order schema, with what each screen also asks for (SPEC section 5). Messages are looked
 * up when a check fails, so they come in the language of that moment.
 */
const schemas = {
  cart: schemaOnDemand(() =>
    import("../../../contract/client").then(({ clientOrderInputSchema }) =>
      clientOrderInputSchema.refine((o) => !o.deliveryDate || o.deliveryDate >= localToday(), {
        error: () => t("checkout.pastDate"),
        path: ["deliveryDate"],
      }),
    ),
  ),
  portal: schemaOnDemand(() =>
    import("../../../contract/client").then(({ clientOrderInputSchema }) =>
      clientOrderInputSchema.superRefine((o, ctx) => {
        for (const [key, message] of portalRequired) {
          if (!o[key]) ctx.addIssue({ code: "custom", path: [key], message: t(message) });
        }
      }),
    ),
  ),
};

const toInput = (variant: CheckoutVariant, cart: CartItem[], v: CheckoutValues) =>
  variant === "cart"
    ? {
        items: cart.map((i) => ({ id: i.id, quantity: i.quantity })),
        deliveryAddress: v.address,
        deliveryDate: v.date || undefined,
        specialInstructions: v.instructions || undefined,
        paymentMethod: v.paymentMethod,
        currency: "KES",
      }
    : {
        customerName: v.name,
        customerEmail: v.email,
        customerPhone: v.phone,
        customerLocation: v.location,
        items: cart.map((i) => ({ productId: i.id, quantity: i.quantity })),
        paymentMethod: v.paymentMethod,
        currency: "KES",
      };

/** The server's field names for the form's fields. */
const errorPaths = {
  deliveryAddress: "address",
  deliveryDate: "date",
  specialInstructions: "instructions",
  customerName: "name",
  customerEmail: "email",
  customerPhone: "phone",
  customerLocation: "location",
} as const;

const texts = {
  cart: { failedTitle: "checkout.error", failed: "checkout.failed" },
  portal: { failedTitle: "checkout.portalFailedTitle", failed: "checkout.portalFailed" },
} as const satisfies Record<CheckoutVariant, Record<string, MessageId>>;

function invalidToast(variant: CheckoutVariant, errors: FieldErrors) {
  if (variant === "portal") {
    toast({
      variant: "destructive",
      title: t("checkout.missingTitle"),
      description: t("checkout.missing"),
    });
    return;
  }
  const first = errors.items ?? errors.address ?? errors.date ?? Object.values(errors)[0];
  if (first) toast({ variant: "destructive", title: t("checkout.error"), description: say(first) });
}

/** One checkout: the form, its client-side checks from the contract, and placing the order once. */
export function useCheckout(
  variant: CheckoutVariant,
  onPlaced: (order: { id: number; orderNumber: string }) => void,
) {
  const cart = useCart();
  const user = useSession().data?.user;
  const search = useSearch();
  const place = usePlaceOrder();
  const form = useContractForm({
    schema: schemas[variant],
    idPrefix: variant === "cart" ? "delivery" : "co",
    initial: () => ({ ...fields, paymentMethod: chosenPayment(search) }),
    toInput: (v) => toInput(variant, cart, v),
    errorPaths,
  });
  // What the client gave at signup starts the contact and delivery details, once the session is known.
  const { setValues } = form;
  useEffect(() => {
    if (user) {
      setValues((v) => ({
        ...v,
        name: v.name || `${user.firstName} ${user.lastName}`,
        email: v.email || (user.email ?? ""),
        phone: v.phone || (user.phone ?? ""),
        location: v.location || (user.location ?? ""),
        address: v.address || (user.location ?? ""),
      }));
    }
  }, [user, setValues]);
  const onSubmit = form.handleSubmit(
    (order) => {
      // Offline the order cannot go; say so, and keep the cart as it is.
      if (!isOnline()) {
        toast({
          variant: "destructive",
          title: t("checkout.offlineTitle"),
          description: t("checkout.offline"),
        });
        return;
      }
      place.mutate(order, {
        onSuccess: (placed) => {
          clearCart();
          onPlaced(placed);
        },
        onError: (error) => {
          form.showServerErrors(error);
          const status = errorStatus(error);
          // A 429 is already shown, with how long to wait, by the app-wide notice.
          if (status === 429) return;
          if (status === undefined) {
            // No answer: the same Idempotency-Key goes with the next try, so it cannot order twice.
            toast({
              variant: "destructive",
              title: t("checkout.offlineTitle"),
              description: t("checkout.unreachable"),
            });
            return;
          }
          toast({
            variant: "destructive",
            title: t(texts[variant].failedTitle),
            description:
              status === 409
                ? (apiErrorMessage(error) ?? t(texts[variant].failed))
                : t(texts[variant].failed),
          });
        },
      });
    },
    (errors) => invalidToast(variant, errors),
  );
  return { cart, form, onSubmit, pending: place.isPending };
}
