import { type ReactNode, useEffect, useState } from "react";
import { apiErrorMessage } from "../../lib/api";

/** SPEC section 9: one toast at a time; a dismissed toast is removed from memory after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: "default" | "destructive";
  open: boolean;
}

type Listener = (toasts: ToastData[]) => void;
let toasts: ToastData[] = [];
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastData[]) {
  toasts = next;
  for (const l of listeners) l(toasts);
}

export function dismissToast(id?: string) {
  for (const t of toasts) {
    if ((id === undefined || t.id === id) && !removeTimers.has(t.id)) {
      removeTimers.set(
        t.id,
        setTimeout(() => {
          removeTimers.delete(t.id);
          emit(toasts.filter((x) => x.id !== t.id));
        }, TOAST_REMOVE_DELAY),
      );
    }
  }
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

export function toast(input: Omit<ToastData, "id" | "open">): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function useToasts(): ToastData[] {
  const [state, setState] = useState(toasts);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return state;
}

/** SPEC's toast for a form submitted with required fields blank (section 5). */
export const missingFieldsToast = (title = "Error", description = "Please fill in all required fields") =>
  toast({ variant: "destructive", title, description });

/**
 * The callbacks of one `mutate` call, as most actions want them: a success toast (`Success: <message>` unless
 * a title is given) then `after` (close a dialog, move on), and a destructive toast on failure, in the
 * server's words when `serverWords` is set (stock short, order ended) or else the screen's own fallback.
 */
export function toastOutcome(
  success: string | { title: string; description: string },
  failure: string,
  {
    serverWords = true,
    title = "Error",
    after,
  }: { serverWords?: boolean; title?: string; after?: () => void } = {},
) {
  return {
    onSuccess: () => {
      toast(typeof success === "string" ? { title: "Success", description: success } : success);
      after?.();
    },
    onError: (error: Error) =>
      toast({
        variant: "destructive",
        title,
        description: (serverWords && apiErrorMessage(error)) || failure,
      }),
  };
}
