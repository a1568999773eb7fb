import { CalendarCheck, CalendarClock, CalendarX } from "lucide-react";
import type { DeliveryDays } from "../../../contract/delivery-days";
import { formatDateTime, formatFullDay } from "../../lib/format";
import { say, useT } from "../../lib/i18n/i18n";

/**
 * The order's delivery day in one line, from the same fields as its SMS and email: delivered on, expected
 * (and the day it was before a move), asked for, or still to be set at approval.
 */
export function DeliveryLine({ delivery, ended }: { delivery: DeliveryDays; ended: boolean }) {
  const t = useT();
  const last = delivery.redates.at(-1);
  let line: string | null;
  if (delivery.deliveredAt) line = t("delivery.delivered", { date: formatDateTime(delivery.deliveredAt) });
  else if (delivery.expected) {
    line = t("track.estimate", { date: formatFullDay(delivery.expected) });
    if (last) line += ` ${t("delivery.was", { date: formatFullDay(last.from ?? delivery.confirmed) })}`;
  } else if (ended) line = null;
  else if (delivery.requested) line = t("success.asked", { date: formatFullDay(delivery.requested) });
  else line = t("delivery.unset");
  return (
    line && (
      <p className="text-sm" data-testid="delivery-line">
        {line}
      </p>
    )
  );
}

/** Every delivery day of the order, for its own page: asked, confirmed, each move with its reason, delivered. */
export function DeliveryDates({ delivery, ended }: { delivery: DeliveryDays; ended: boolean }) {
  const t = useT();
  // [key, label, day, the reason a move was given]
  const rows: [string, string, string, string | null][] = [
    [
      "requested",
      t("delivery.requested"),
      delivery.requested ? formatFullDay(delivery.requested) : t("delivery.noneAsked"),
      null,
    ],
  ];
  if (delivery.confirmed) {
    rows.push(["confirmed", t("delivery.confirmed"), formatFullDay(delivery.confirmed), null]);
  }
  for (const r of delivery.redates) {
    rows.push([`moved-${r.at}`, t("delivery.moved"), formatFullDay(r.to), r.reason && say(r.reason)]);
  }
  if (delivery.deliveredAt) {
    rows.push(["delivered", t("delivery.deliveredOn"), formatDateTime(delivery.deliveredAt), null]);
  }
  const Icon = delivery.deliveredAt ? CalendarCheck : ended ? CalendarX : CalendarClock;
  return (
    <section aria-labelledby="delivery-dates" className="space-y-2">
      <h2 id="delivery-dates" className="flex items-center gap-2 font-semibold">
        <Icon className="h-4 w-4 text-brand-700" aria-hidden /> {t("delivery.title")}
      </h2>
      <DeliveryLine delivery={delivery} ended={ended} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="delivery-dates">
        {rows.map(([key, label, value, reason]) => (
          <div key={key} className="contents">
            <dt className="text-gray-500">{label}</dt>
            <dd>
              {value}
              {reason && <span className="block text-gray-600 dark:text-gray-400">{reason}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
