/** Today's date on this device, YYYY-MM-DD (what a date input's min/max compares against). */
export function localToday(): string {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

export const DAY_MS = 86_400_000;

/** The moment `days` days from now, as ISO (an approval's or a shipment's estimate). */
export const daysFromNow = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString();
