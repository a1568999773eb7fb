import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "../../lib/cn";
import { formatKes } from "../../lib/format";
import { useT } from "../../lib/i18n/i18n";
import { cartTotal, useCart } from "./cart-store";

/** "3 items · KES 12,000": what the cart holds, in one line. */
export function CartSummary() {
  const t = useT();
  const cart = useCart();
  const count = cart.reduce((n, i) => n + i.quantity, 0);
  return (
    <p className="text-sm font-medium" data-testid="cart-bar-summary">
      {t("cart.summary", { count, total: formatKes(cartTotal(cart)) })}
    </p>
  );
}

/**
 * The bar pinned to the bottom of a client screen, so the cart is one tap away however far down the
 * list a farmer has scrolled. The page leaves room under it, and toasts rise above it, opened or not
 * (its height is published as --bottom-bar-height, which the toast viewport sits on).
 */
export function CartBar({
  children,
  above,
  className,
  testId = "cart-bar",
}: {
  children: ReactNode;
  testId?: string;
  /** Shown over the bar when it is opened (the order's lines). */
  above?: ReactNode;
  className?: string;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      // A bar hidden on wide screens (display: none) measures 0 and lifts nothing.
      root.setProperty("--bottom-bar-height", `${element.offsetHeight}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty("--bottom-bar-height");
    };
  }, []);
  return (
    <div
      ref={bar}
      className={cn(
        "no-print fixed inset-x-0 bottom-0 z-30 flex justify-center px-2 pb-2 sm:px-4 sm:pb-4",
        className,
      )}
      data-testid={testId}
    >
      <div className="w-full max-w-md overflow-hidden rounded-lg border border-gray-200 bg-white shadow-lg dark:border-gray-700 dark:bg-gray-900">
        {above}
        <div className="flex items-center justify-between gap-2 p-2 pl-3">{children}</div>
      </div>
    </div>
  );
}
