import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  InventoryItem,
  InventoryItemDetail,
  InventoryItemInput,
  InventorySummary,
  ReserveInput,
} from "../../../contract/inventory";
import type { Order } from "../../../contract/orders";
import { apiJson, urlFromQueryKey } from "../../lib/api";
import { invalidatePaths } from "../../lib/invalidate";

export interface InventoryFilters {
  search: string;
  type: string;
  status: string;
  category: string;
  origin: string;
  lowStock: boolean;
}

export const noFilters: InventoryFilters = {
  search: "",
  type: "all",
  status: "all",
  category: "all",
  origin: "all",
  lowStock: false,
};

/** The API's query parameters for these filters ("all" and blanks left out). */
export function filterParams(f: InventoryFilters): Record<string, string | undefined> {
  const pick = (v: string) => (v === "all" || v.trim() === "" ? undefined : v.trim());
  return {
    search: pick(f.search),
    type: pick(f.type),
    status: pick(f.status),
    category: pick(f.category),
    origin: pick(f.origin),
    lowStock: f.lowStock ? "true" : undefined,
  };
}

export const useInventory = (f: InventoryFilters) =>
  useQuery<InventoryItem[]>({ queryKey: ["/api/inventory", { ...filterParams(f), limit: 500 }] });
export const useInventorySummary = (f: InventoryFilters) =>
  useQuery<InventorySummary>({ queryKey: ["/api/inventory/summary", filterParams(f)] });
export const useInventoryItem = (id: number | undefined) =>
  useQuery<InventoryItemDetail>({ queryKey: [`/api/inventory/${id}`], enabled: id !== undefined });

export const exportUrl = (f: InventoryFilters) => urlFromQueryKey(["/api/inventory/export", filterParams(f)]);

/** Stock moved: every inventory view and the dashboard's stock figures refetch. */
const refreshStock = () => invalidatePaths("/api/inventory", "/api/dashboard/metrics", "/api/orders");

export function useCreateItem() {
  return useMutation({
    mutationFn: (input: InventoryItemInput) => apiJson<InventoryItem>("POST", "/api/inventory", input),
    onSuccess: refreshStock,
  });
}

export function useReserve() {
  return useMutation({
    mutationFn: ({ id, ...input }: ReserveInput & { id: number }) =>
      apiJson<{ order: Order; item: InventoryItem }>("POST", `/api/inventory/${id}/reserve`, input),
    onSuccess: refreshStock,
  });
}
