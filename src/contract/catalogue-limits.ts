/** Products per page of the catalogue, and how many a farmer may compare side by side (plain data, no Zod). */
export const CATALOGUE_PAGE = 24;
export const MAX_COMPARE = 4;
/** The shop's sorts, in the order its select lists them. */
export const catalogueSorts = [
  "name",
  "price_asc",
  "price_desc",
  "index",
  "milk",
  "fertility",
  "calving_ease",
  "gain",
  "hardiness",
] as const;
export type CatalogueSort = (typeof catalogueSorts)[number];
