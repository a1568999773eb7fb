import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n/i18n";
import { dismissToast, useToasts } from "./use-toast";

/** SPEC section 9: 5000 ms, swipe right past 50 px to dismiss, F8 focuses the region, at most 420 px wide. */
export const TOAST_DURATION = 5000;

export function Toaster() {
  const toasts = useToasts();
  const say = useT();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          data-testid="toast"
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg transition-all",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
            t.variant === "destructive"
              ? "border-red-700 bg-red-600 text-white"
              : "border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100",
          )}
        >
          <div className="grid gap-1">
            {t.title && (
              <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            )}
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" />
            <span className="sr-only">{say("common.close")}</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* At the bottom on every screen: at the top of a phone a toast hid the header (and the cart) for 5 s. */}
      <ToastPrimitive.Viewport
        data-toast-viewport
        className="fixed right-0 z-[100] flex max-h-screen w-full flex-col p-4 md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
