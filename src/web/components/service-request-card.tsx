import { Clock, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import type { ServiceRequest } from "../../contract/service-requests";
import { formatKes, formatPhone, formatVisit } from "../lib/format";
import { Badge } from "./ui/badge";

const kindLabels = { ai: "AI", pd: "PD" } as const;
const statusTone = { requested: "yellow", assigned: "blue", done: "green", cancelled: "gray" } as const;

/** A map for the pin, else a search for the words and place the farmer gave. */
export function mapLink(r: ServiceRequest): string {
  const { lat, lng, ward, county, description } = r.location;
  const q =
    lat !== undefined && lng !== undefined
      ? `${lat},${lng}`
      : [description, ward, county, "Kenya"].filter(Boolean).join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
}

/** How long a request has waited, as a dispatcher reads it: "1 h 20 min". */
function waited(createdAt: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(createdAt)) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** One visit on the board or a technician's list: the cow, the farmer's phone, where, when, and actions. */
export function RequestCard({ request: r, children }: { request: ServiceRequest; children?: ReactNode }) {
  return (
    <li
      className="space-y-1.5 rounded-lg border border-gray-200 bg-white p-3 text-sm dark:border-gray-800 dark:bg-gray-900"
      data-testid="service-request"
    >
      <p className="flex flex-wrap items-center justify-between gap-2">
        <strong>
          {kindLabels[r.kind]} · {r.cow.name ? `${r.cow.name} (${r.cow.tag})` : r.cow.tag} · {r.cow.breed}
        </strong>
        <span className="flex gap-1">
          {r.overdue && <Badge tone="red">Over 2 hours</Badge>}
          <Badge tone={statusTone[r.status]} className="capitalize">
            {r.status}
          </Badge>
        </span>
      </p>
      <p>
        {r.farmer} ·{" "}
        <a
          className="inline-flex min-h-11 items-center gap-1 font-medium underline sm:min-h-0"
          href={`tel:${r.phone}`}
        >
          <Phone className="size-3.5" aria-hidden /> {formatPhone(r.phone)}
        </a>
      </p>
      <p>
        <a
          className="inline-flex items-center gap-1 underline"
          href={mapLink(r)}
          target="_blank"
          rel="noreferrer"
        >
          <MapPin className="size-3.5" aria-hidden />{" "}
          {[r.location.ward, r.location.county].filter(Boolean).join(", ")}
        </a>
        {r.location.description && (
          <span className="block text-gray-600 dark:text-gray-400">{r.location.description}</span>
        )}
      </p>
      {r.visitFrom && r.visitTo && (
        <p className="flex items-center gap-1 font-medium">
          <Clock className="size-3.5" aria-hidden /> Visit {formatVisit(r.visitFrom, r.visitTo)}
        </p>
      )}
      <p className="text-gray-600 dark:text-gray-400">
        {formatKes(r.priceKes)}
        {r.status === "requested" && ` · waiting ${waited(r.createdAt)}`}
        {r.technician && ` · ${r.technician.name}`}
        {r.cancelReason && ` · ${r.cancelReason}`}
      </p>
      {children && <div className="flex flex-wrap gap-2 pt-1">{children}</div>}
    </li>
  );
}
