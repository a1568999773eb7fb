import { useT } from "../lib/i18n/i18n";
import { Button } from "./ui/button";
import { Card } from "./ui/card";

/** A list that failed to load (offline, rate-limited, server down) says so and offers another try. */
export function LoadError({ label, onRetry }: { label: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Card className="p-8 text-center" role="alert">
      <p className="font-medium">{t("load.failed", { what: label })}</p>
      <Button variant="outline" className="mt-3" onClick={onRetry}>
        {t("load.retry")}
      </Button>
    </Card>
  );
}
