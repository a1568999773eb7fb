import { Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { formatKes } from "../../lib/format";
import { type CartItem, setQuantity } from "./cart-store";
import { QuantityStepper } from "./quantity-stepper";

/** The cart's lines: quantity capped at stock, 0 removes the line. */
export function CartLines({ cart }: { cart: CartItem[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Items</CardTitle>
      </CardHeader>
      <CardContent className="divide-y divide-gray-100 dark:divide-gray-800">
        {cart.map((item) => (
          <div key={item.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="cart-item">
            <div className="min-w-0 basis-full sm:basis-auto sm:flex-1">
              <p className="font-medium">{item.name}</p>
              <p className="text-xs text-gray-500">
                {formatKes(item.price)} each · {item.inStock} available
              </p>
            </div>
            <QuantityStepper item={item} typed />
            <p className="w-28 text-right font-semibold tabular-nums">
              {formatKes(item.price * item.quantity)}
            </p>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${item.name}`}
              onClick={() => setQuantity(item.id, 0)}
            >
              <Trash2 />
            </Button>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
