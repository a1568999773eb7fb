import { and, asc, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  Customer,
  CustomerSummary,
  customerInputSchema,
  customerListQuery,
  customerUpdateSchema,
  similarCustomersQuery,
} from "../../../contract/customers";
import type { AppContext } from "../../context";
import { customers, customerTypeTotals } from "../../db/schema";
import { notFound } from "../../errors";
import { sortBy } from "../../http/list-sort";
import { countMatching } from "../../http/list-total";
import { containsPattern } from "../../http/search";
import { customerPage, customerSortColumns } from "./customer-pages";

type CustomerRow = typeof customers.$inferSelect;

/**
 * Trigram similarity from which two names are worth a second look: a plural, a typo or a dropped word
 * ("Kinangop Highlands Dairy") is above it; another place's dairy ("Kericho Highlands Dairy", 0.5) below.
 */
const SIMILAR_NAME = 0.6;

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    email: row.email,
    phone: row.phone,
    address: row.address,
    contactPerson: row.contactPerson,
    notes: row.notes,
    kraPin: row.kraPin,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Newest first; search matches name, email, contact person or phone, case-insensitively. */
export const countCustomers = (ctx: AppContext, query: z.output<typeof customerListQuery>) =>
  countMatching(ctx, customers, customerFilters(query), { search: Boolean(query.search) });

function customerFilters(query: z.output<typeof customerListQuery>): SQL | undefined {
  const filters: SQL[] = [];
  if (query.type) filters.push(eq(customers.type, query.type));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(
      or(
        ilike(customers.name, pattern),
        ilike(customers.email, pattern),
        ilike(customers.contactPerson, pattern),
        ilike(customers.phone, pattern),
      )!,
    );
  }
  return and(...filters);
}

export function listCustomers(
  ctx: AppContext,
  query: z.output<typeof customerListQuery>,
): Promise<Customer[]> {
  // Without a search, a prepared page (`customerPage`); a search is built for its pattern.
  if (!query.search) return ctx.database.read((db) => customerPage(db, query));
  return ctx.database.read(async (db) => {
    const rows = await db
      .select()
      .from(customers)
      .where(customerFilters(query))
      .orderBy(...sortBy(customerSortColumns, query, customers.id))
      .limit(query.limit)
      .offset(query.offset);
    return rows.map(toCustomer);
  });
}

/** Counts of active customers, in total and per type, and of every customer on record. */
export function customerSummary(ctx: AppContext): Promise<CustomerSummary> {
  return ctx.database.read(async (db) => {
    // The counts a trigger keeps by type and whether active (customer_type_totals), not every customer.
    const t = customerTypeTotals;
    const rows = await db
      .select({
        type: t.type,
        n: sql<string>`coalesce(sum(${t.customers}) filter (where ${t.isActive}), 0)`,
        all: sql<string>`sum(${t.customers})`,
      })
      .from(t)
      .groupBy(t.type);
    const by = Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
    return {
      totalCustomers: rows.reduce((s, r) => s + Number(r.n), 0),
      allCustomers: rows.reduce((s, r) => s + Number(r.all), 0),
      farms: by.farm ?? 0,
      breeders: by.breeder ?? 0,
      veterinarians: by.veterinarian ?? 0,
      distributors: by.distributor ?? 0,
    };
  });
}

/** Names within trigram reach of `name` (or equal to it), closest first: "Kiambu Dairy" finds "Kiambu Dairy Farm". */
export function similarCustomers(
  ctx: AppContext,
  query: z.output<typeof similarCustomersQuery>,
): Promise<Customer[]> {
  const likeness = sql`similarity(lower(${customers.name}), lower(${query.name}))`;
  return ctx.database.read(async (db) => {
    const rows = await db
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.isActive, true),
          query.excludeId ? ne(customers.id, query.excludeId) : undefined,
          sql`${likeness} >= ${SIMILAR_NAME}`,
        ),
      )
      .orderBy(desc(likeness), asc(customers.id))
      .limit(5);
    return rows.map(toCustomer);
  });
}

export function getCustomer(ctx: AppContext, id: number): Promise<Customer> {
  return ctx.database.read(async (db) => {
    const [row] = await db.select().from(customers).where(eq(customers.id, id));
    if (!row) throw notFound("Customer");
    return toCustomer(row);
  });
}

export function createCustomer(
  ctx: AppContext,
  input: z.output<typeof customerInputSchema>,
): Promise<Customer> {
  return ctx.database.tx(async (db) => {
    const now = ctx.clock.now();
    const [row] = await db
      .insert(customers)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    return toCustomer(row!);
  });
}

export function updateCustomer(
  ctx: AppContext,
  id: number,
  input: z.output<typeof customerUpdateSchema>,
): Promise<Customer> {
  return ctx.database.tx(async (db) => {
    const [row] = await db
      .update(customers)
      .set({ ...input, updatedAt: ctx.clock.now() })
      .where(eq(customers.id, id))
      .returning();
    if (!row) throw notFound("Customer");
    return toCustomer(row);
  });
}

/** Customers are never erased (orders point at them); deleting one deactivates it. */
export function deactivateCustomer(ctx: AppContext, id: number): Promise<Customer> {
  return updateCustomer(ctx, id, { isActive: false });
}
