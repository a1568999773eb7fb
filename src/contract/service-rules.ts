// Plain data, no Zod: the farmer's booking form reads these before the validation library has loaded.

/** AI service booking (issue 40 §2): what a farmer asks for, and where a request stands. */
export const serviceKinds = ["ai", "pd"] as const;
export type ServiceKind = (typeof serviceKinds)[number];
export const serviceRequestStatuses = ["requested", "assigned", "done", "cancelled"] as const;
export type ServiceRequestStatus = (typeof serviceRequestStatuses)[number];

/**
 * The booking's state machine: a request is assigned (again, to change the technician), done or cancelled;
 * done and cancelled are final.
 */
export const serviceRequestMoves: Readonly<Record<ServiceRequestStatus, readonly ServiceRequestStatus[]>> = {
  requested: ["assigned", "cancelled"],
  assigned: ["assigned", "done", "cancelled"],
  done: [],
  cancelled: [],
};
export const canMove = (from: ServiceRequestStatus, to: ServiceRequestStatus) =>
  serviceRequestMoves[from].includes(to);

/** A request nobody has assigned this long alarms the dispatchers. */
export const ASSIGN_WITHIN_MS = 2 * 3_600_000;

const HOUR_MS = 3_600_000;
const NAIROBI_OFFSET_MS = 3 * HOUR_MS;

/**
 * The AM–PM rule: a cow seen in heat in the morning is served that afternoon; one seen from noon on, the
 * next morning. Answers the visit window as instants, and which half of the rule applied.
 */
export function amPmWindow(heatSeenAt: Date): { from: Date; to: Date; seen: "morning" | "afternoon" } {
  const local = new Date(heatSeenAt.getTime() + NAIROBI_OFFSET_MS);
  const midnight =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - NAIROBI_OFFSET_MS;
  const at = (dayOffset: number, hour: number) =>
    new Date(midnight + dayOffset * 24 * HOUR_MS + hour * HOUR_MS);
  return local.getUTCHours() < 12
    ? { from: at(0, 14), to: at(0, 19), seen: "morning" }
    : { from: at(1, 6), to: at(1, 11), seen: "afternoon" };
}
