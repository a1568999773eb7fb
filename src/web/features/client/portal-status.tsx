import { type ClientOrderState, clientStateTones } from "../../../contract/client-states";
import { Badge } from "../../components/ui/badge";
import { t, useT } from "../../lib/i18n/i18n";

/**
 * The one status badge on every client screen (SPEC's portal words and colours, and the states it does not
 * name), so an order reads the same in My Orders, tracking and the order lookup.
 */
export function PortalStatusBadge({ state }: { state: ClientOrderState }) {
  const t = useT();
  return (
    <Badge tone={clientStateTones[state]} className="capitalize">
      {t(`state.${state}`)}
    </Badge>
  );
}

/** What happens next in this state (SPEC's portal hints, and what a refund or a delay means), in the reader's language. */
export const statusHint = (state: ClientOrderState): string => t(`state.hint.${state}`);

/** The tracking number, linked to the carrier's own tracking page where it has one. */
export function TrackingNumber({ number, url }: { number: string; url: string | null }) {
  const t = useT();
  return (
    <p className="text-sm">
      {t("track.number")}{" "}
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="font-mono text-brand-700 underline dark:text-brand-500"
        >
          {number}
        </a>
      ) : (
        <span className="font-mono">{number}</span>
      )}
    </p>
  );
}
