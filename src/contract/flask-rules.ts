// Plain data, no Zod: the technician's screen reads these before the validation library has loaded.

/** Flasks and dry shippers (issue 40 §3): liquid-nitrogen vessels lent to technicians and farmers. */
export const flaskKinds = ["flask", "dry_shipper"] as const;
export type FlaskKind = (typeof flaskKinds)[number];
export const flaskKindLabels: Record<FlaskKind, string> = { flask: "LN2 flask", dry_shipper: "Dry shipper" };
export const flaskStatuses = ["in_store", "lent", "retired"] as const;
export type FlaskStatus = (typeof flaskStatuses)[number];
/** How straws move through a flask: issued from the store, used on a cow, returned to the store. */
export const flaskMovementKinds = ["issue", "use", "return"] as const;
export type FlaskMovementKind = (typeof flaskMovementKinds)[number];
