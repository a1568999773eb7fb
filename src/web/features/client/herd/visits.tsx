import { useQuery } from "@tanstack/react-query";
import { Phone } from "lucide-react";
import { useState } from "react";
import { LinkButton } from "../../../components/link-button";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { formatKes, formatPhone, formatVisit } from "../../../lib/format";
import { useT } from "../../../lib/i18n/i18n";
import { herdQueries, useCancelVisit } from "./api";
import { VisitForm } from "./visit-form";

const tone = {
  requested: "yellow",
  assigned: "blue",
  done: "green",
  cancelled: "gray",
} as const satisfies Record<string, BadgeTone>;

/** The cow's visits (who is coming, when, at what price) and the form to ask for one when none is open. */
export function Visits({ cowId }: { cowId: number }) {
  const t = useT();
  const visits = useQuery(herdQueries.visits(cowId));
  const cancel = useCancelVisit();
  const [asking, setAsking] = useState(false);
  const open = visits.data?.find((v) => v.status === "requested" || v.status === "assigned");
  return (
    <Card className="space-y-3 p-4" data-testid="visits">
      <h2 className="font-semibold">{t("visit.title")}</h2>
      {visits.data?.length ? (
        <ul className="space-y-2" aria-label={t("visit.list")}>
          {visits.data.map((v) => (
            <li
              key={v.id}
              className="space-y-1 rounded-md bg-gray-50 p-3 text-sm dark:bg-gray-800"
              data-testid="visit"
            >
              <p className="flex flex-wrap items-center justify-between gap-2">
                <strong>{t(`visit.kind.${v.kind}`)}</strong>
                <Badge tone={tone[v.status]}>{t(`visit.status.${v.status}`)}</Badge>
              </p>
              {v.visitFrom && v.visitTo && (
                <p>{t("visit.window", { window: formatVisit(v.visitFrom, v.visitTo) })}</p>
              )}
              {v.technician && (
                <p className="flex flex-wrap items-center gap-2">
                  {v.technician.name}
                  {v.technician.phone && (
                    <a
                      className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 underline dark:text-brand-200"
                      href={`tel:${v.technician.phone}`}
                    >
                      <Phone className="h-4 w-4" aria-hidden /> {formatPhone(v.technician.phone)}
                    </a>
                  )}
                </p>
              )}
              <p className="text-gray-600 dark:text-gray-400">{formatKes(v.priceKes)}</p>
              {v.orderId && (
                <LinkButton href={`/client-orders/${v.orderId}`} size="sm">
                  {t("visit.order")}
                </LinkButton>
              )}
              {(v.status === "requested" || v.status === "assigned") && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(v.id, { onSuccess: () => toast({ title: t("visit.cancelled") }) })
                  }
                >
                  {t("visit.cancel")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("visit.intro")}</p>
      )}
      {!open &&
        (asking ? (
          <VisitForm cowId={cowId} onSent={() => setAsking(false)} />
        ) : (
          <Button className="min-h-11 w-full sm:w-auto" onClick={() => setAsking(true)}>
            {t("visit.title")}
          </Button>
        ))}
    </Card>
  );
}
