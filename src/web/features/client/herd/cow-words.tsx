import type { Cow } from "../../../../contract/herd";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";
import { formatFullDay } from "../../../lib/format";
import { useT } from "../../../lib/i18n/i18n";

/** A cow as the farmer names her: her name where she has one, then her ear tag. */
export function CowName({ cow }: { cow: Pick<Cow, "name" | "tag"> }) {
  return (
    <>
      {cow.name ? `${cow.name} · ` : ""}
      <span className="font-mono">{cow.tag}</span>
    </>
  );
}

/** What the cow calendar texts next about her, and when; nothing when no reminder is to come. */
export function NextReminder({ cow, className }: { cow: Cow; className: string }) {
  const t = useT();
  if (!cow.nextReminder) return null;
  return (
    <p className={cn("text-brand-800 dark:text-brand-500", className)}>
      {t("herd.next", {
        what: t(`reminder.${cow.nextReminder.kind}`),
        date: formatFullDay(cow.nextReminder.dueOn),
      })}
    </p>
  );
}

/** Sold or died: a cow that has left the herd says so. */
export function CowStatusBadge({ cow }: { cow: Cow }) {
  const t = useT();
  return cow.status === "active" ? null : <Badge tone="gray">{t(`herd.status.${cow.status}`)}</Badge>;
}
