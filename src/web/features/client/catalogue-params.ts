import { useCallback } from "react";
import { useLocation, useSearch } from "wouter";

/** The catalogue search's parameters as the shop's address carries them (the API's names). */
export const catalogueParamKeys = [
  "search",
  "type",
  "breed",
  "semenType",
  "milkMin",
  "fatPctMin",
  "calvingEaseMax",
  "heatTolerance",
  "reliabilityMin",
  "a2a2",
  "polled",
  "region",
  "priceMin",
  "priceMax",
  "sort",
  "offset",
] as const;
export type CatalogueParam = (typeof catalogueParamKeys)[number];
export type CatalogueParams = Partial<Record<CatalogueParam, string>>;

/** The trait filters behind "More filters" (all but the search, type, breed, sort and page), counted on its button. */
export const traitParams: CatalogueParam[] = catalogueParamKeys.filter(
  (k) => !["search", "type", "breed", "sort", "offset"].includes(k),
);

/**
 * The shop's search lives in its address, so a farmer can share it or come back to it. Changing a filter
 * goes back to the first page; the browser's Back undoes a change.
 */
export function useCatalogueParams(): [CatalogueParams, (changes: CatalogueParams) => void] {
  const query = useSearch();
  const [location, navigate] = useLocation();
  const params: CatalogueParams = {};
  const read = new URLSearchParams(query);
  for (const key of catalogueParamKeys) {
    const value = read.get(key);
    if (value) params[key] = value;
  }
  const change = useCallback(
    (changes: CatalogueParams) => {
      const next = new URLSearchParams(query);
      if (!("offset" in changes)) next.delete("offset");
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      const qs = next.toString();
      navigate(qs ? `${location}?${qs}` : location, { replace: !("offset" in changes) });
    },
    [query, location, navigate],
  );
  return [params, change];
}
