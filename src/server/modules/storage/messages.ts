import type { AlertStatus } from "../../../contract/storage";
import { formatNairobiDay } from "../../time";

/** What a temperature alert says, in the words of the dashboard banner (SPEC: alert status). */
export function temperatureAlertMessage(unitName: string, temperature: number, status: AlertStatus): string {
  return status === "critical"
    ? `${unitName} is at ${temperature}°C, above the optimal range`
    : `${unitName} is at ${temperature}°C; keep it under watch`;
}

export function levelAlertMessage(tankName: string, levelPct: number, minSafePct: number): string {
  return `${tankName} is down to ${levelPct}% LN2 (minimum safe ${minSafePct}%)`;
}

export function refillAlertMessage(tankName: string, refillBy: Date | null, minSafeAt: Date | null): string {
  const day = (d: Date | null) => (d ? formatNairobiDay(d) : "unknown");
  return `${tankName} was due a refill by ${day(refillBy)}; it reaches its minimum safe level on ${day(minSafeAt)}`;
}
