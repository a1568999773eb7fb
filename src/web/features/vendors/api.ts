import { useMutation, useQuery } from "@tanstack/react-query";
import type { Vendor, VendorInput, VendorSummary } from "../../../contract/vendors";
import { apiJson } from "../../lib/api";
import { refetchAfterSuccess } from "../../lib/invalidate";

export const useVendors = () => useQuery<Vendor[]>({ queryKey: ["/api/vendors", { limit: 200 }] });
export const useVendorSummary = () => useQuery<VendorSummary>({ queryKey: ["/api/vendors/summary"] });

const refreshVendors = refetchAfterSuccess("/api/vendors");

export function useCreateVendor() {
  return useMutation({
    mutationFn: (input: VendorInput) => apiJson<Vendor>("POST", "/api/vendors", input),
    onSuccess: refreshVendors,
  });
}

/** Activates or deactivates a vendor, or re-rates it. */
export function useUpdateVendor() {
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: { isActive: boolean } | { rating: number } }) =>
      apiJson<Vendor>("PATCH", `/api/vendors/${id}/${"rating" in change ? "rating" : "status"}`, change),
    onSuccess: refreshVendors,
  });
}
