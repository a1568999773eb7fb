/** Today's date on this device, YYYY-MM-DD (what a date input's min/max compares against). */
export function localToday(): string {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}
