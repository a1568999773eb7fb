import * as AlertPrimitive from "@radix-ui/react-alert-dialog";
import type { ReactNode } from "react";
import { Button } from "./button";

/** A yes/no confirmation for destructive actions. */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Client screens pass their language's word. */
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  /** More to decide before confirming (a refund), under the description. */
  children?: ReactNode;
}) {
  return (
    <AlertPrimitive.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertPrimitive.Content className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-gray-200 bg-white p-6 shadow-lg dark:border-gray-800 dark:bg-gray-900">
          <AlertPrimitive.Title className="text-lg font-semibold">{props.title}</AlertPrimitive.Title>
          <AlertPrimitive.Description className="text-sm text-gray-600 dark:text-gray-400">
            {props.description}
          </AlertPrimitive.Description>
          {props.children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertPrimitive.Cancel asChild>
              <Button variant="outline">{props.cancelLabel ?? "Cancel"}</Button>
            </AlertPrimitive.Cancel>
            <Button variant="destructive" disabled={props.pending} onClick={props.onConfirm}>
              {props.confirmLabel}
            </Button>
          </div>
        </AlertPrimitive.Content>
      </AlertPrimitive.Portal>
    </AlertPrimitive.Root>
  );
}
