import { useQuery } from "@tanstack/react-query";
import type { StorageCondition } from "../../../contract/storage";

export function useTemperatureAlerts(enabled = true) {
  return useQuery<StorageCondition[]>({ queryKey: ["/api/alerts/temperature"], enabled });
}

/** The storage units with their conditions, for a picker. */
export function useStorageUnits(enabled = true) {
  return useQuery<StorageCondition[]>({ queryKey: ["/api/storage/conditions"], enabled });
}
