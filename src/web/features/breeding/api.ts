import type * as breeding from "../../../contract/breeding";
import type { CatalogueBreed } from "../../../contract/catalogue";
import type { InventoryItem, InventoryItemDetail } from "../../../contract/inventory";
import { apiJson } from "../../lib/api";
import { getQuery, useApiMutation } from "../../lib/query";

export const breedingQueries = {
  list: (query: breeding.BreedingListQuery) =>
    getQuery<breeding.BreedingRecord[]>("/api/breeding-records", query),
  summary: () => getQuery<breeding.BreedingSummary>("/api/breeding-records/summary"),
  /** Whose cow: active customers' names, which the breeding roles may read. */
  clients: () => getQuery<breeding.BreedingClient[]>("/api/breeding/clients", { limit: 500 }),
  /** The breeds the catalogue sells: the form's breed list. */
  breeds: () => getQuery<CatalogueBreed[]>("/api/catalogue/breeds"),
  /** A record's outcome changes, with who made them and why. */
  history: (id: number) => getQuery<breeding.BreedingEvent[]>(`/api/breeding-records/${id}/history`),
  /** Straws and embryos a service can use: viable stock. */
  viableMaterial: () => getQuery<InventoryItem[]>("/api/inventory", { status: "viable", limit: 500 }),
  /** The chosen item's batches, to say which one the straw came from. */
  material: (id: number) => getQuery<InventoryItemDetail>(`/api/inventory/${id}`),
};

/** A service uses a unit of stock: records, stock and the dashboard refetch. */
const invalidates = ["/api/breeding", "/api/inventory", "/api/dashboard"];

export const useCreateBreedingRecord = () =>
  useApiMutation(
    (input: breeding.BreedingInput) =>
      apiJson<breeding.BreedingRecord>("POST", "/api/breeding-records", input),
    {
      invalidates,
    },
  );

export const useSetBreedingStatus = () =>
  useApiMutation(
    ({ id, ...input }: breeding.BreedingStatusInput & { id: number }) =>
      apiJson<breeding.BreedingRecord>("PATCH", `/api/breeding-records/${id}/status`, input),
    { invalidates },
  );
