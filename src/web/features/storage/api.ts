import type {
  CaneKind,
  CanisterCountInput,
  CanisterInput,
  ItemWhereabouts,
  PickList,
  PickScanInput,
  PlacementInput,
  PlacementSuggestion,
  TankMap,
  Transfer,
  TransferInput,
} from "../../../contract/cryo-store";
import type { CountResult } from "../../../contract/inventory";
import type { StorageCondition, TemperatureReadingInput } from "../../../contract/storage";
import type {
  AcknowledgeAlertInput,
  LevelReading,
  LevelReadingInput,
  RefillInput,
  StorageAlert,
  StorageAlertParams,
  Tank,
  TankInput,
  TemperatureReading,
  VoidReadingInput,
} from "../../../contract/tanks";
import type { Options } from "../../components/ui/field";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const storageQueries = {
  temperatureAlerts: () => getQuery<StorageCondition[]>("/api/alerts/temperature"),
  /** The storage units with their conditions, for a picker. */
  units: () => getQuery<StorageCondition[]>("/api/storage/conditions"),
  tanks: () => getQuery<Tank[]>("/api/storage/tanks"),
  alerts: (query: StorageAlertParams) => getQuery<StorageAlert[]>("/api/storage/alerts", query),
  temperatures: (storageUnitId: number) =>
    getQuery<TemperatureReading[]>("/api/storage/readings", { storageUnitId, limit: 20 }),
  levels: (storageUnitId: number) =>
    getQuery<LevelReading[]>("/api/storage/levels", { storageUnitId, limit: 20 }),
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

/** Voids a wrong temperature (`readings`) or LN2 level (`levels`) reading, with the reason. */
export const useVoidReading = (kind: "readings" | "levels") =>
  useApiMutation(
    ({ id, ...input }: VoidReadingInput & { id: number }) =>
      apiJson<unknown>("POST", `/api/storage/${kind}/${id}/void`, input),
    // The refetch replaces the void form with the struck-through reading; its toast must still run.
    { invalidates, settle: "background" },
  );

export const useAcknowledgeAlert = () =>
  useApiMutation(
    ({ id, ...input }: AcknowledgeAlertInput & { id: number }) =>
      apiJson<StorageAlert>("POST", `/api/storage/alerts/${id}/acknowledge`, input),
    { invalidates },
  );

export const useCreateTank = () =>
  useApiMutation((input: TankInput) => apiJson<Tank>("POST", "/api/storage/units", input), { invalidates });

export const storeQueries = {
  /** Every tank's canisters and canes with what they hold (the store is small: one page of 500 tanks). */
  map: () => getQuery<TankMap[]>("/api/storage/map", { limit: 500, offset: 0 }),
  locate: (q: string) => getQuery<ItemWhereabouts[]>("/api/storage/locate", { q }),
  /** Where `count` straws of an item would go: a run of canes of its kind with room. */
  suggest: (inventoryItemId: number, count: number) =>
    getQuery<PlacementSuggestion>("/api/storage/suggest", { inventoryItemId, count }),
  transfers: (page: { limit: number; offset: number }) =>
    getQuery<Transfer[]>("/api/storage/transfers", page),
};

/** Placing, moving or adding canisters changes the map, every search and the inventory's pick lists. */
const storeInvalidates = ["/api/storage", "/api/orders", "/api/inventory"];

export const useAddCanister = () =>
  useApiMutation((input: CanisterInput) => apiJson<TankMap>("POST", "/api/storage/canisters", input), {
    invalidates: storeInvalidates,
  });

export const usePlaceStock = () =>
  useApiMutation(
    (input: PlacementInput) => apiJson<ItemWhereabouts>("POST", "/api/storage/placements", input),
    { invalidates: storeInvalidates },
  );

/** A canister counted: the items' stock, the map and the inventory follow. */
export const useCountCanister = (canisterId: number) =>
  useApiMutation(
    (input: CanisterCountInput) =>
      apiJson<CountResult[]>("POST", `/api/storage/canisters/${canisterId}/count`, input),
    { invalidates: storeInvalidates },
  );

export const useTransfer = () =>
  useApiMutation(
    (input: TransferInput) => apiJson<ItemWhereabouts>("POST", "/api/storage/transfers", input),
    { invalidates: storeInvalidates },
  );

/** An order's pick list, and the scan that confirms one of its lines at the tank. */
export const pickListQuery = (orderId: number) => getQuery<PickList>(`/api/orders/${orderId}/pick-list`);
export const useScanPick = (orderId: number) =>
  useApiMutation(
    (input: PickScanInput) => apiJson<PickList>("POST", `/api/orders/${orderId}/pick-list/scan`, input),
    { invalidates: [`/api/orders/${orderId}/pick-list`] },
  );

/**
 * Every cane with room, as select options ("T1-C2-3, LN2-Tank-A: 12 free"), leaving out `except`; with
 * `kind`, only canes (semen) or only goblets (embryos).
 */
export function caneOptions(maps: TankMap[] | undefined, except?: number, kind?: CaneKind): Options {
  return (maps ?? []).flatMap((tank) =>
    tank.canisters
      .filter((canister) => kind === undefined || canister.caneKind === kind)
      .flatMap((canister) =>
        canister.canes
          .filter((cane) => cane.id !== except && cane.filled < cane.capacity)
          .map(
            (cane) =>
              [String(cane.id), `${cane.label}, ${tank.name}: ${cane.capacity - cane.filled} free`] as const,
          ),
      ),
  );
}
