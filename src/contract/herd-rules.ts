// Plain data, no Zod: the herd screens read these before the validation library has loaded.

/** The farmer's herd (issue 40): cows, their events in ADGG's model, and the cow calendar. */
export const cowStatuses = ["active", "sold", "died"] as const;
export type CowStatus = (typeof cowStatuses)[number];
export const cowEventTypes = ["heat", "insemination", "pd", "calving", "exit"] as const;
export type CowEventType = (typeof cowEventTypes)[number];
export const pdResults = ["pregnant", "open"] as const;
export const pdMethods = ["palpation", "ultrasound", "blood", "milk"] as const;
export const calvingEases = ["easy", "assisted", "difficult"] as const;
export const calfSexes = ["female", "male"] as const;
export const exitReasons = ["sold", "died"] as const;
/** Who recorded an event: the farmer on the portal, the farmer's SMS reply, or a technician in the field. */
export const cowEventSources = ["farmer", "sms", "technician"] as const;
/** Who stands behind a service's outcome: staff, a technician or a vet, or the farmer's own report. */
export const outcomeSources = ["confirmed", "farmer"] as const;
export type OutcomeSource = (typeof outcomeSources)[number];

/** What the cow calendar reminds the farmer of after each insemination. */
export const reminderKinds = ["repeat_heat", "pd_due", "dry_off", "calving_due"] as const;
export type ReminderKind = (typeof reminderKinds)[number];
export const reminderStatuses = ["scheduled", "sent", "cancelled"] as const;

/** Rules of the herd book. */
export const herdRules = {
  /** A PD this soon after a service cannot tell. */
  pdAfterServiceDays: 30,
  /** No calf comes sooner after a service, nor after the previous calving. */
  calvingAfterDays: 220,
  /** Gestation where the breed's own is not known. */
  gestationDays: 283,
} as const;

/** Average gestation by breed (days), where it differs from 283. */
export const breedGestationDays: Readonly<Record<string, number>> = {
  "holstein friesian": 279,
  friesian: 279,
  holstein: 279,
  jersey: 279,
  ayrshire: 279,
  guernsey: 283,
  "brown swiss": 290,
  sahiwal: 293,
  boran: 287,
  zebu: 285,
};
export const gestationOf = (breed: string): number =>
  breedGestationDays[breed.trim().toLowerCase()] ?? herdRules.gestationDays;

/**
 * Each reminder an insemination on day 0 schedules: the day it goes (at 07:00 Nairobi) and the last day it
 * is still worth sending when the server could not send it on its day.
 */
export function reminderDays(kind: ReminderKind, gestation: number): { due: number; last: number } {
  switch (kind) {
    case "repeat_heat":
      return { due: 18, last: 24 };
    case "pd_due":
      return { due: 60, last: 90 };
    case "dry_off":
      return { due: gestation - 60, last: gestation - 45 };
    case "calving_due":
      return { due: gestation, last: gestation + 14 };
  }
}
