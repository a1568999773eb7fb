import { schemaOnDemand } from "../../../lib/form";

/** The contract schemas the herd forms check, fetched with Zod once a form shows (lib/form.ts). */
export const cowInputSchema = schemaOnDemand(() =>
  import("../../../../contract/herd").then((m) => m.cowInputSchema),
);

export const cowEventInputSchema = schemaOnDemand(() =>
  import("../../../../contract/herd").then((m) => m.cowEventInputSchema),
);

export const serviceRequestInputSchema = schemaOnDemand(() =>
  import("../../../../contract/service-requests").then((m) => m.serviceRequestInputSchema),
);
