import { Minus, Plus } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { type CartItem, setQuantity } from "./cart-store";

/** − quantity + for one cart line, never past the stock; `typed` lets the person type the quantity too. */
export function QuantityStepper({ item, typed = false }: { item: CartItem; typed?: boolean }) {
  const step = (label: string, to: number, disabled = false, icon = <Minus />) => (
    <Button
      variant="outline"
      size="icon"
      aria-label={`${label} ${item.name}`}
      disabled={disabled}
      onClick={() => setQuantity(item.id, to)}
    >
      {icon}
    </Button>
  );
  return (
    <div className="flex items-center gap-1">
      {step("Decrease", item.quantity - 1)}
      {typed ? (
        <Input
          aria-label={`Quantity of ${item.name}`}
          type="number"
          min={0}
          max={item.inStock}
          className="w-16 text-center"
          value={item.quantity}
          onChange={(e) => setQuantity(item.id, Math.floor(Number(e.target.value) || 0))}
        />
      ) : (
        <span className="w-6 text-center" data-testid="line-quantity">
          {item.quantity}
        </span>
      )}
      {step("Increase", item.quantity + 1, item.quantity >= item.inStock, <Plus />)}
    </div>
  );
}
