import { z } from "zod";

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 500;

/** `limit`/`offset` query parameters accepted by every list endpoint. */
export const paginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type Pagination = z.infer<typeof paginationQuery>;

export const sortOrders = ["asc", "desc"] as const;
export type SortOrder = (typeof sortOrders)[number];

/**
 * A list's declared sorts: `sort` is one of `fields` (any other answers 400) and `order` is asc or desc.
 * Each field is a column the server orders by through an index, so a sort costs the same on a big book.
 */
export const sortQuery = <const F extends readonly [string, ...string[]]>(
  fields: F,
  by: F[number],
  order: SortOrder = "desc",
) => ({
  sort: z.enum(fields).default(by as never),
  order: z.enum(sortOrders).default(order),
});
