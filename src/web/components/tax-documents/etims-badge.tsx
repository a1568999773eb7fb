import type { EtimsStatus } from "../../../contract/invoices";
import { useT } from "../../lib/i18n/i18n";
import { Badge, type BadgeTone } from "../ui/badge";

const tones: Record<EtimsStatus, BadgeTone> = {
  queued: "yellow",
  sending: "orange",
  accepted: "green",
  refused: "red",
  voided: "gray",
};

/** Where a document stands with KRA, in the reader's language. */
export function EtimsBadge({ status }: { status: EtimsStatus }) {
  const t = useT();
  return (
    <Badge tone={tones[status]} data-testid="etims-status">
      {t(`etims.${status}`)}
    </Badge>
  );
}
