import { useEffect, useState } from "react";
import { Button } from "../components/ui/button";
import { useT } from "../lib/i18n/i18n";

/**
 * Registers the service worker once the first screen is up, and offers a new version when one is waiting.
 * The open tab keeps running the version it started with (its chunks stay cached) until the person
 * reloads: nobody is stranded between an old page and new chunks.
 */
export function UpdatePrompt() {
  const t = useT();
  const [update, setUpdate] = useState<(() => Promise<void>) | null>(null);
  useEffect(() => {
    if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
    const register = () =>
      import("virtual:pwa-register")
        .then(({ registerSW }) => {
          const updateSW = registerSW({ onNeedRefresh: () => setUpdate(() => () => updateSW(true)) });
        })
        .catch(() => undefined); // Without it the app works as a website; nothing to tell the person.
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }, []);
  if (!update) return null;
  return (
    <div
      role="status"
      className="no-print fixed inset-x-0 bottom-[var(--bottom-bar-height,0px)] z-[90] flex items-center justify-center gap-3 border-t border-gray-200 bg-white p-3 text-sm shadow-lg dark:border-gray-700 dark:bg-gray-900"
    >
      <span>{t("update.ready")}</span>
      <Button size="sm" onClick={() => void update()}>
        {t("update.reload")}
      </Button>
    </div>
  );
}
