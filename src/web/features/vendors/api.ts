import type { Vendor, VendorInput, VendorListQuery, VendorSummary } from "../../../contract/vendors";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const vendorQueries = {
  list: (query: VendorListQuery) => getQuery<Vendor[]>("/api/vendors", query),
  summary: () => getQuery<VendorSummary>("/api/vendors/summary"),
};

const invalidates = ["/api/vendors"];

export const useCreateVendor = () =>
  useApiMutation((input: VendorInput) => apiJson<Vendor>("POST", "/api/vendors", input), { invalidates });

/** Activates or deactivates a vendor, or re-rates it. */
export const useUpdateVendor = () =>
  useApiMutation(
    ({ id, change }: { id: number; change: { isActive: boolean } | { rating: number } }) =>
      apiJson<Vendor>("PATCH", `/api/vendors/${id}/${"rating" in change ? "rating" : "status"}`, change),
    { invalidates },
  );
