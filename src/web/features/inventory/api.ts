import type { ReceiveBatchInput } from "../../../contract/batches";
import type * as inventory from "../../../contract/inventory";
import type { Order } from "../../../contract/orders";
import { urlFromQueryKey } from "../../../contract/query-url";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";
import { sortOf } from "../../lib/use-list-params";

/** The inventory screen's filters and sort, as the address holds them. */
export const noFilters = {
  search: "",
  type: "all",
  status: "all",
  category: "all",
  origin: "all",
  lowStock: "false",
  sort: "itemId",
  order: "asc",
};
export type InventoryFilters = typeof noFilters;

/** The API's query parameters for these filters ("all" and blanks left out). */
export function filterParams(f: InventoryFilters): inventory.InventoryListQuery {
  const pick = <T extends string>(v: string) =>
    v === "all" || v.trim() === "" ? undefined : (v.trim() as T);
  return {
    search: pick(f.search),
    type: pick(f.type),
    status: pick(f.status),
    category: pick(f.category),
    origin: pick(f.origin),
    lowStock: f.lowStock === "true" ? "true" : undefined,
    ...sortOf<inventory.InventoryListQuery>(f),
  };
}

export const inventoryQueries = {
  list: (query: inventory.InventoryListQuery) => getQuery<inventory.InventoryItem[]>("/api/inventory", query),
  summary: (query: inventory.InventoryListQuery) =>
    getQuery<inventory.InventorySummary>("/api/inventory/summary", query),
  detail: (id: number) => getQuery<inventory.InventoryItemDetail>(`/api/inventory/${id}`),
};

export const exportUrl = (f: InventoryFilters) => urlFromQueryKey(["/api/inventory/export", filterParams(f)]);

/** Stock moved: every inventory view, the orders it touches and the dashboard's figures refetch. */
const invalidates = ["/api/inventory", "/api/dashboard", "/api/orders"];

export const useCreateItem = () =>
  useApiMutation(
    (input: inventory.InventoryItemInput) =>
      apiJson<inventory.InventoryItem>("POST", "/api/inventory", input),
    {
      invalidates,
    },
  );

export const useUpdateItem = () =>
  useApiMutation(
    ({ id, ...input }: inventory.InventoryItemUpdate & { id: number }) =>
      apiJson<inventory.InventoryItem>("PATCH", `/api/inventory/${id}`, input),
    { invalidates },
  );

export const useWriteOff = () =>
  useApiMutation(
    ({ id, ...input }: inventory.WriteOffInput & { id: number }) =>
      apiJson<inventory.InventoryItem>("POST", `/api/inventory/${id}/write-off`, input),
    { invalidates },
  );

export const useReceiveBatch = () =>
  useApiMutation(
    ({ id, ...input }: ReceiveBatchInput & { id: number }) =>
      apiJson<inventory.InventoryItemDetail>("POST", `/api/inventory/${id}/batches`, input),
    { invalidates },
  );

/** The item when the count moved stock (200), or the waiting count (202) when a second person must confirm it. */
export const useRecordCount = () =>
  useApiMutation(
    ({ id, ...input }: inventory.StockCountInput & { id: number }) =>
      apiJson<inventory.InventoryItem | inventory.CountResult>("POST", `/api/inventory/${id}/count`, input),
    { invalidates },
  );

export const useDecideCount = () =>
  useApiMutation(
    ({ id, decision }: { id: number; decision: "confirm" | "reject" }) =>
      apiJson<inventory.CountResult>("POST", `/api/inventory/counts/${id}/${decision}`),
    { invalidates, settle: "background" },
  );

export const useReserve = () =>
  useApiMutation(
    ({ id, ...input }: inventory.ReserveInput & { id: number }) =>
      apiJson<{ order: Order; item: inventory.InventoryItem }>("POST", `/api/inventory/${id}/reserve`, input),
    { invalidates },
  );
