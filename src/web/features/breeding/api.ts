import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  BreedingInput,
  BreedingRecord,
  BreedingStatus,
  BreedingSummary,
} from "../../../contract/breeding";
import type { InventoryItem } from "../../../contract/inventory";
import { apiJson } from "../../lib/api";
import { refetchAfterSuccess } from "../../lib/invalidate";

export const useBreedingRecords = () =>
  useQuery<BreedingRecord[]>({ queryKey: ["/api/breeding-records", { limit: 200 }] });
export const useBreedingSummary = () =>
  useQuery<BreedingSummary>({ queryKey: ["/api/breeding-records/summary"] });

/** Straws and embryos a service can use: viable stock. */
export const useViableMaterial = (enabled: boolean) =>
  useQuery<InventoryItem[]>({ queryKey: ["/api/inventory", { status: "viable", limit: 500 }], enabled });

/** A service uses a unit of stock: records, stock and the dashboard refetch. */
const refreshBreeding = refetchAfterSuccess("/api/breeding", "/api/inventory", "/api/dashboard");

export function useCreateBreedingRecord() {
  return useMutation({
    mutationFn: (input: BreedingInput) => apiJson<BreedingRecord>("POST", "/api/breeding-records", input),
    onSuccess: refreshBreeding,
  });
}

export function useSetBreedingStatus() {
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: BreedingStatus }) =>
      apiJson<BreedingRecord>("PATCH", `/api/breeding-records/${id}/status`, { status }),
    onSuccess: refreshBreeding,
  });
}
