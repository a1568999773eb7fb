// Plain data, no Zod: the client screens read these before the validation library has loaded.
import type { OrderStatus } from "./order-states";

/** Farmers buy "semen"; the store's records say "sperm". One word for each kind on every client screen. */
export const clientTypeLabels: Record<string, string> = {
  embryo: "Embryo",
  sperm: "Semen",
  semen: "Semen",
  mixed: "Mixed",
  consultation: "Consultation",
};
export const clientTypeLabel = (type: string) => clientTypeLabels[type] ?? type;

/** What a farmer calls an item: its breed and kind, e.g. "Ayrshire Semen". */
export const productName = (item: { breedName: string; type: string }) =>
  `${item.breedName} ${item.type === "embryo" ? "Embryo" : "Semen"}`;

/** SPEC's portal colour per status; the status words and hints are in the web's message catalogues. */
export const portalStatusStyles: Partial<
  Record<OrderStatus, { tone: "yellow" | "blue" | "purple" | "orange" | "green" }>
> = {
  pending: { tone: "yellow" },
  approved: { tone: "blue" },
  processing: { tone: "purple" },
  shipped: { tone: "orange" },
  delivered: { tone: "green" },
};
