import { lazy, Suspense, useEffect } from "react";
import { whenIdle } from "../../lib/idle";
import { useToasts } from "./use-toast";

const loadToaster = () => import("./toaster");
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * Radix's toast and its viewport (about 10 kB gzip) load once the first screen is up, when the browser is
 * idle, and mount with the first toast: every public page used to pay for them before it could paint.
 */
export function ToastHost() {
  const toasts = useToasts();
  useEffect(() => {
    whenIdle(() => void loadToaster().catch(() => undefined));
  }, []);
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
