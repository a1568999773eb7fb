import type { StorageCondition } from "../../../contract/storage";
import { getQuery } from "../../lib/query";

export const storageQueries = {
  temperatureAlerts: () => getQuery<StorageCondition[]>("/api/alerts/temperature"),
  /** The storage units with their conditions, for a picker. */
  units: () => getQuery<StorageCondition[]>("/api/storage/conditions"),
};
