import { count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Vendor, VendorSummary, vendorInputSchema, vendorListQuery } from "../../../contract/vendors";
import type { AppContext } from "../../context";
import { vendors } from "../../db/schema";
import { notFound } from "../../errors";
import { sortBy } from "../../http/list-sort";
import { countMatching } from "../../http/list-total";
import { containsPattern } from "../../http/search";

type Row = typeof vendors.$inferSelect;

export function toVendor(row: Row): Vendor {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    email: row.email,
    phone: row.phone,
    address: row.address,
    contactPerson: row.contactPerson,
    specialization: row.specialization,
    notes: row.notes,
    isActive: row.isActive,
    rating: row.rating,
  };
}

type VendorQuery = z.output<typeof vendorListQuery>;

function vendorFilter(query: VendorQuery): SQL | undefined {
  if (!query.search) return undefined;
  const pattern = containsPattern(query.search);
  return or(
    ilike(vendors.name, pattern),
    ilike(vendors.contactPerson, pattern),
    ilike(vendors.email, pattern),
    ilike(vendors.phone, pattern),
    ilike(vendors.specialization, pattern),
  );
}

export const countVendors = (ctx: AppContext, query: VendorQuery) =>
  countMatching(ctx, vendors, vendorFilter(query), { search: Boolean(query.search) });

const vendorSortColumns = { createdAt: vendors.createdAt, name: vendors.name, rating: vendors.rating };

export function listVendors(ctx: AppContext, page: VendorQuery): Promise<Vendor[]> {
  return ctx.database.read(async (db) =>
    (
      await db
        .select()
        .from(vendors)
        .where(vendorFilter(page))
        .orderBy(...sortBy(vendorSortColumns, page, vendors.id))
        .limit(page.limit)
        .offset(page.offset)
    ).map(toVendor),
  );
}

export function vendorSummary(ctx: AppContext): Promise<VendorSummary> {
  return ctx.database.read(async (db) => {
    const [r] = await db
      .select({
        total: count(),
        active: sql<string>`count(*) filter (where ${vendors.isActive})`,
        genetics: sql<string>`count(*) filter (where ${vendors.type} = 'genetics_supplier')`,
        equipment: sql<string>`count(*) filter (where ${vendors.type} = 'equipment_supplier')`,
      })
      .from(vendors);
    return {
      totalVendors: Number(r!.total),
      activeVendors: Number(r!.active),
      geneticsSuppliers: Number(r!.genetics),
      equipmentSuppliers: Number(r!.equipment),
    };
  });
}

/** New vendors are created active with a five-star rating. */
export function createVendor(ctx: AppContext, input: z.output<typeof vendorInputSchema>): Promise<Vendor> {
  return ctx.database.tx(async (db) => {
    const now = ctx.clock.now();
    const { isActive: _active, rating: _rating, ...fields } = input;
    const [row] = await db
      .insert(vendors)
      .values({ ...fields, isActive: true, rating: 5, createdAt: now, updatedAt: now })
      .returning();
    return toVendor(row!);
  });
}

export function updateVendor(ctx: AppContext, id: number, changes: { isActive?: boolean; rating?: number }) {
  return ctx.database.tx(async (db) => {
    const [row] = await db
      .update(vendors)
      .set({ ...changes, updatedAt: ctx.clock.now() })
      .where(eq(vendors.id, id))
      .returning();
    if (!row) throw notFound("Vendor");
    return toVendor(row);
  });
}
