import type { StorageCondition, TemperatureReadingInput } from "../../../contract/storage";
import type {
  AcknowledgeAlertInput,
  LevelReadingInput,
  RefillInput,
  StorageAlert,
  StorageAlertQuery,
  Tank,
  TankInput,
} from "../../../contract/tanks";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const storageQueries = {
  temperatureAlerts: () => getQuery<StorageCondition[]>("/api/alerts/temperature"),
  /** The storage units with their conditions, for a picker. */
  units: () => getQuery<StorageCondition[]>("/api/storage/conditions"),
  tanks: () => getQuery<Tank[]>("/api/storage/tanks"),
  alerts: (query: StorageAlertQuery) => getQuery<StorageAlert[]>("/api/storage/alerts", query),
};

/** A reading or an acknowledgement changes tanks, conditions, alerts and the banner alike. */
const invalidates = ["/api/storage", "/api/alerts"];

export const useRecordLevel = () =>
  useApiMutation((input: LevelReadingInput) => apiJson<Tank>("POST", "/api/storage/levels", input), {
    invalidates,
  });

export const useRecordTemperature = () =>
  useApiMutation(
    (input: TemperatureReadingInput) => apiJson<StorageCondition>("POST", "/api/storage/readings", input),
    { invalidates },
  );

export const useRecordRefill = () =>
  useApiMutation((input: RefillInput) => apiJson<Tank>("POST", "/api/storage/refills", input), {
    invalidates,
  });

export const useAcknowledgeAlert = () =>
  useApiMutation(
    ({ id, ...input }: AcknowledgeAlertInput & { id: number }) =>
      apiJson<StorageAlert>("POST", `/api/storage/alerts/${id}/acknowledge`, input),
    { invalidates },
  );

export const useCreateTank = () =>
  useApiMutation((input: TankInput) => apiJson<Tank>("POST", "/api/storage/units", input), { invalidates });
