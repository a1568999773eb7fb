import { ChevronDown, ChevronUp } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { formatKes } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { BreedAssistantToggle } from "./breed-assistant";
import { CartBar, CartSummary } from "./cart-bar";
import { CartTotal } from "./cart-lines";
import { useCart } from "./cart-store";
import { lineName } from "./product-words";
import { QuantityStepper } from "./quantity-stepper";

/** The order being put together: each line with its quantity, the total, and what comes next. */
export function OrderLines({ children }: { children: ReactNode }) {
  const cart = useCart();
  return (
    <div className="space-y-3">
      {cart.map((i) => (
        <div key={i.id} className="flex flex-wrap items-center gap-2 text-sm">
          <span className="min-w-0 basis-full font-medium">{lineName(i)}</span>
          <QuantityStepper item={i} />
          <span className="ml-auto text-right tabular-nums">{formatKes(i.price * i.quantity)}</span>
        </div>
      ))}
      <CartTotal cart={cart} />
      {children}
    </div>
  );
}

function ProceedButton({ onProceed }: { onProceed: () => void }) {
  const t = useT();
  return (
    <Button className="w-full" onClick={onProceed}>
      {t("order.proceed")}
    </Button>
  );
}

/** Wide screens: SPEC's Your Order card beside the products. */
export function YourOrder({ onProceed }: { onProceed: () => void }) {
  const t = useT();
  const cart = useCart();
  if (cart.length === 0) return null;
  return (
    <Card data-testid="your-order" className="sticky top-20 hidden lg:block">
      <CardHeader>
        <CardTitle>{t("order.your")}</CardTitle>
      </CardHeader>
      <CardContent>
        <OrderLines>
          <ProceedButton onProceed={onProceed} />
        </OrderLines>
      </CardContent>
    </Card>
  );
}

/**
 * Phones: the order is a bar pinned to the bottom instead of a card three screens down. It opens upwards
 * to show the lines, and holds the Breed Assistant's button so nothing floats over the products.
 */
export function PortalOrderBar({
  onProceed,
  assistantOpen,
  onAssistant,
}: {
  onProceed: () => void;
  assistantOpen: boolean;
  onAssistant: () => void;
}) {
  const t = useT();
  const cart = useCart();
  const [open, setOpen] = useState(false);
  const shown = open && cart.length > 0;
  return (
    <CartBar
      className="lg:hidden"
      testId="portal-order-bar"
      above={
        shown && (
          <div
            id="portal-order-lines"
            className="max-h-[60dvh] overflow-y-auto border-b border-gray-200 p-3 dark:border-gray-700"
          >
            <p className="mb-2 font-semibold">{t("order.your")}</p>
            <OrderLines>
              <ProceedButton onProceed={onProceed} />
            </OrderLines>
          </div>
        )
      }
    >
      <BreedAssistantToggle open={assistantOpen} onToggle={onAssistant} compact />
      {cart.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("cart.empty")}</p>
      ) : (
        <Button
          variant="outline"
          aria-expanded={shown}
          aria-controls="portal-order-lines"
          onClick={() => setOpen((v) => !v)}
        >
          <CartSummary />
          {shown ? <ChevronDown /> : <ChevronUp />}
          <span className="sr-only">{t("order.your")}</span>
        </Button>
      )}
    </CartBar>
  );
}
