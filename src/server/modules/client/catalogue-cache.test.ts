import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ShopProduct } from "../../../contract/client";
import { inventoryItems } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";
import { CATALOGUE_TTL_MS } from "../inventory/stock-cache";

withTestApp();

const products = async (): Promise<ShopProduct[]> =>
  (await t.app.inject({ method: "GET", url: "/api/client/products" })).json();
const stockOf = async (itemId: string) => (await products()).find((p) => p.itemId === itemId)!.inStock;

describe("the catalogue cache", () => {
  it("shows a change made through the app at once, and one made elsewhere within its time to live", async () => {
    const before = await stockOf("SEM-HF-101");
    const lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    const [item] = await t.database.read((db) =>
      db.select().from(inventoryItems).where(eq(inventoryItems.itemId, "SEM-HF-101")),
    );
    const off = await lab.post(`/api/inventory/${item!.id}/write-off`, { quantity: 2, reason: "damaged" });
    expect(off.statusCode).toBe(200);
    expect(await stockOf("SEM-HF-101")).toBe(before - 2);

    // Another instance's change (here: straight to the database) is not seen until the copy expires.
    await t.database.tx((db) =>
      db
        .update(inventoryItems)
        .set({ currentStock: sql`${inventoryItems.currentStock} - 1` })
        .where(eq(inventoryItems.id, item!.id)),
    );
    expect(await stockOf("SEM-HF-101")).toBe(before - 2);
    await new Promise((resolve) => setTimeout(resolve, CATALOGUE_TTL_MS + 50));
    expect(await stockOf("SEM-HF-101")).toBe(before - 3);
  });

  it("returns every sellable item, not the first 500", async () => {
    await t.database.tx((db) =>
      db.execute(sql`
        insert into inventory_items (item_id, type, breed_name, acquired_from, current_stock, storage_location,
                                     cost_per_unit, genetic_data)
        select 'SEM-BULK-' || n, 'sperm', 'Bulk ' || n, 'KAGRC', 5, 'Canister 1', 2000,
               '{"category":"dairy","origin":"Kenya","region_suitability":[]}'::jsonb
        from generate_series(1, 600) n`),
    );
    await new Promise((resolve) => setTimeout(resolve, CATALOGUE_TTL_MS + 50));
    const all = await products();
    expect(all.filter((p) => p.itemId.startsWith("SEM-BULK-"))).toHaveLength(600);
  });
});
