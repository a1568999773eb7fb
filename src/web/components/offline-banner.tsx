import { WifiOff } from "lucide-react";
import { useT } from "../lib/i18n/i18n";
import { useOnline } from "../lib/online";

/** Says plainly that the phone is offline, what still works, and what does not. */
export function OfflineBanner() {
  const t = useT();
  if (useOnline()) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="no-print flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
    >
      <WifiOff aria-hidden className="h-4 w-4 shrink-0" />
      <span>{t("offline.banner")}</span>
    </div>
  );
}
