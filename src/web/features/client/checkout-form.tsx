import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { paymentMethods } from "../../../contract/order-states";
import { RadioChoices } from "../../components/radio-choices";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { localToday } from "../../lib/dates";
import type { FieldBinding } from "../../lib/form";
import { formatKes } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { CartTotal } from "./cart-lines";
import { cartTotal } from "./cart-store";
import { type CheckoutVariant, useCheckout } from "./checkout";
import { paymentOptions, paymentText } from "./payment";
import { lineName } from "./product-words";

function PaymentChoice({ bind }: { bind: FieldBinding }) {
  const t = useT();
  return (
    <RadioChoices
      legend={t("payment.legend")}
      legendHidden
      choices={paymentMethods.map((m) => ({ value: m, ...paymentText(m) }))}
      bind={bind}
    />
  );
}

/**
 * The one client checkout form. In the cart: the items (given as `items`), delivery details, payment
 * and totals. In the order portal: the customer's contact details, payment and an order summary.
 */
export function CheckoutForm({
  variant,
  onPlaced,
  items,
  onBack,
}: {
  variant: CheckoutVariant;
  onPlaced: (order: { id: number; orderNumber: string }) => void;
  items?: ReactNode;
  onBack?: () => void;
}) {
  const t = useT();
  const { cart, form, onSubmit, pending } = useCheckout(variant, onPlaced);
  const total = cartTotal(cart);
  const submit = (
    <Button type="submit" className="mt-2 w-full" disabled={pending || cart.length === 0}>
      {pending ? t("checkout.placing") : t("checkout.place")}
    </Button>
  );
  if (variant === "cart") {
    return (
      <form className="grid gap-6 lg:grid-cols-[1fr_360px]" onSubmit={onSubmit} noValidate>
        {items}
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{t("checkout.delivery")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <Field label={t("checkout.address")} rows={2} bind={form.field("address")} />
              <Field label={t("checkout.date")} type="date" min={localToday()} bind={form.field("date")} />
              <Field label={t("checkout.instructions")} rows={2} bind={form.field("instructions")} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("checkout.payment")}</CardTitle>
            </CardHeader>
            <CardContent>
              <PaymentChoice bind={form.field("paymentMethod")} />
            </CardContent>
          </Card>
          <Card className="space-y-2 p-4 text-sm sm:p-6">
            <div className="flex justify-between">
              <span>{t("checkout.subtotal")}</span>
              <span>{formatKes(total)}</span>
            </div>
            <div className="flex justify-between">
              <span>{t("checkout.delivery")}</span>
              <span className="text-green-700 dark:text-green-400">{t("checkout.free")}</span>
            </div>
            <CartTotal cart={cart} testId="cart-total" />
            {submit}
          </Card>
        </div>
      </form>
    );
  }
  return (
    <form className="grid gap-6 lg:grid-cols-[1fr_340px]" onSubmit={onSubmit} noValidate>
      <Card>
        <CardHeader>
          <CardTitle>{t("checkout.customer")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field label={t("checkout.name")} bind={form.field("name")} />
          <Field label={t("checkout.phone")} type="tel" bind={form.field("phone")} />
          <Field label={t("checkout.email")} type="email" bind={form.field("email")} />
          <Field label={t("checkout.location")} bind={form.field("location")} />
          <Field
            label={t("checkout.paymentMethod")}
            options={paymentOptions()}
            hint={paymentText(form.values.paymentMethod).hint}
            wide
            bind={form.field("paymentMethod")}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("checkout.summary")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          {cart.map((i) => (
            <p key={i.id} className="flex justify-between gap-2">
              <span>
                {lineName(i)} × {i.quantity}
              </span>
              <span>{formatKes(i.price * i.quantity)}</span>
            </p>
          ))}
          <CartTotal cart={cart} />
          <div className="flex flex-col gap-2">
            {submit}
            <Button variant="outline" onClick={onBack}>
              <ArrowLeft /> {t("checkout.back")}
            </Button>
          </div>
        </CardContent>
      </Card>
    </form>
  );
}
