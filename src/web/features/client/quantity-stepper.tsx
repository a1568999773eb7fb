import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { type MessageId, useT } from "../../lib/i18n/i18n";
import { changeQuantity } from "./cart-actions";
import type { CartItem } from "./cart-store";
import { lineName } from "./product-words";

/**
 * − quantity + for one cart line, never past the stock; `typed` lets the person type the quantity too.
 * While typing, an empty box is only a draft (Backspace to retype must not remove the line): the typed
 * number applies as soon as it is a whole number above 0, and on leaving the box an empty draft goes back
 * to the quantity. Going to 0 (− at 1, or 0 typed) asks "Remove from cart?" first: a slip of the thumb on a
 * small phone must not lose the line.
 */
export function QuantityStepper({ item, typed = false }: { item: CartItem; typed?: boolean }) {
  const t = useT();
  const [draft, setDraft] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [asking, setAsking] = useState(false);
  const change = (to: number) => {
    setDraft(undefined);
    if (to <= 0) {
      setAsking(true);
      return;
    }
    setNotice(changeQuantity(item, to));
  };
  const step = (label: MessageId, to: number, disabled = false, icon = <Minus />) => (
    <Button
      variant="outline"
      size="icon"
      aria-label={t(label, { name: lineName(item) })}
      disabled={disabled}
      onClick={() => change(to)}
    >
      {icon}
    </Button>
  );
  const onType = (text: string) => {
    setDraft(text);
    const n = Number(text);
    if (text.trim() !== "" && Number.isInteger(n) && n > 0) {
      const capped = changeQuantity(item, n);
      setNotice(capped);
      if (capped) setDraft(undefined);
    }
  };
  const onLeave = () => {
    if (draft !== undefined && draft.trim() !== "" && Number(draft) <= 0) change(0);
    setDraft(undefined);
  };
  const noticeId = `qty-note-${item.id}`;
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex items-center gap-1">
        {step("qty.decrease", item.quantity - 1)}
        {typed ? (
          <Input
            aria-label={t("qty.of", { name: lineName(item) })}
            aria-describedby={notice ? noticeId : undefined}
            type="number"
            inputMode="numeric"
            min={0}
            max={item.inStock}
            className="w-16 text-center"
            value={draft ?? String(item.quantity)}
            onChange={(e) => onType(e.target.value)}
            onBlur={onLeave}
            onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
          />
        ) : (
          <span className="w-6 text-center" data-testid="line-quantity">
            {item.quantity}
          </span>
        )}
        {step("qty.increase", item.quantity + 1, item.quantity >= item.inStock, <Plus />)}
      </div>
      {asking && (
        <div className="flex flex-wrap items-center gap-2 text-sm" role="alert">
          <span>{t("qty.removeAsk", { name: lineName(item) })}</span>
          <Button size="sm" variant="destructive" onClick={() => changeQuantity(item, 0)}>
            {t("qty.remove")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAsking(false)}>
            {t("qty.keep")}
          </Button>
        </div>
      )}
      {notice && (
        <p id={noticeId} role="status" className="text-xs text-amber-700 dark:text-amber-400">
          {notice}
        </p>
      )}
    </div>
  );
}
