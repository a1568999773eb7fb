import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueProduct, Recommendation } from "../../../contract/catalogue";
import { counties } from "../../../contract/counties";
import { users } from "../../db/schema";
import { toleranceRank, wholeCatalogue } from "../../testing/catalogue";
import { createTestApp, staffEmails, type TestApp } from "../../testing/test-app";
import { reserveForCustomer } from "../inventory/service";
import { RECOMMENDATIONS } from "./recommend";

let t: TestApp;
/** The whole catalogue: the oracle each recommendation is checked against. */
let all: CatalogueProduct[];

const ask = async (query: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/catalogue/recommendations?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Recommendation;
};

beforeAll(async () => {
  t = await createTestApp();
  all = await wholeCatalogue(t.app);
});
afterAll(() => t.close());

const g = (p: CatalogueProduct) => p.genetics;

/**
 * The products a farmer should see first, by the rules written out plainly: in stock, suited to the region,
 * tolerant enough of the county's heat, passing the goal's filter; best first by the goal's figure.
 */
function expectedFigures(
  region: string | null,
  minHeat: number,
  keep: (p: CatalogueProduct) => boolean,
  figure: (p: CatalogueProduct) => number | null | undefined,
  direction: 1 | -1,
): (number | null)[] {
  return all
    .filter(
      (p) =>
        p.inStock > 0 &&
        (region === null || p.regionSuitability.includes(region)) &&
        toleranceRank(g(p).heatTolerance) >= minHeat &&
        keep(p),
    )
    .map((p) => figure(p) ?? null)
    .sort((a, b) => (a === null ? 1 : b === null ? -1 : (a - b) * direction))
    .slice(0, RECOMMENDATIONS);
}

describe("the Breed Assistant's picks from the catalogue", () => {
  it("for more milk in a hot coastal county: in-stock dairy products for the Coast that tolerate heat, most milk first", async () => {
    const r = await ask("county=Kilifi&goal=milk");
    expect(r.county).toEqual({ name: "Kilifi", zone: "coastal", altitude: [0, 400], heatStress: "high" });
    expect(r.region).toBe("Coastal");
    expect(r.exact).toBe(true);
    expect(r.products.length).toBeGreaterThan(0);
    for (const p of r.products) {
      expect(p.inStock).toBeGreaterThan(0);
      expect(p.category).toBe("dairy");
      expect(p.regionSuitability).toContain("Coastal");
      expect(g(p).heatTolerance).toBe("high");
    }
    expect(r.products.map((p) => g(p).milkKg)).toEqual(
      expectedFigures(
        "Coastal",
        2,
        (p) => p.category === "dairy",
        (p) => g(p).milkKg,
        -1,
      ),
    );
  });

  it("for more milk in a cool highland county: no heat rule, so the highest milk proofs for Central", async () => {
    const r = await ask("county=Nyandarua&goal=milk");
    expect(r.county?.heatStress).toBe("low");
    expect(r.products).toHaveLength(RECOMMENDATIONS);
    expect(r.products.map((p) => g(p).milkKg)).toEqual(
      expectedFigures(
        "Central",
        -1,
        (p) => p.category === "dairy",
        (p) => g(p).milkKg,
        -1,
      ),
    );
    // The coast's picks must give up milk for heat tolerance; the highlands' need not.
    const coast = await ask("county=Kilifi&goal=milk");
    expect(g(r.products[0]!).milkKg!).toBeGreaterThan(g(coast.products[0]!).milkKg!);
  });

  it.each([
    ["beef", (p: CatalogueProduct) => p.category === "beef", (p: CatalogueProduct) => g(p).dailyGainG, -1],
    [
      "easy_calving",
      (p: CatalogueProduct) => (g(p).calvingEasePct ?? Infinity) <= 8,
      (p: CatalogueProduct) => g(p).calvingEasePct,
      1,
    ],
  ] as const)("for %s anywhere: its filter, best first", async (goal, keep, figure, direction) => {
    const r = await ask(`goal=${goal}`);
    expect(r.county).toBeNull();
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.map(figure)).toEqual(expectedFigures(null, -1, keep, figure, direction));
  });

  it("for hardiness: only high heat tolerance, the most tick-resistant first", async () => {
    const r = await ask("county=Machakos&goal=hardiness");
    expect(r.county?.heatStress).toBe("moderate");
    expect(r.products.length).toBeGreaterThan(0);
    for (const p of r.products) {
      expect(g(p).heatTolerance).toBe("high");
      expect(p.regionSuitability).toContain("Eastern");
    }
    const ticks = r.products.map((p) => toleranceRank(g(p).tickResistance));
    expect(ticks).toEqual([...ticks].sort((a, b) => b - a));
  });

  it("knows every county, and a region alone or a goal alone is enough", async () => {
    for (const c of counties.slice(0, 5))
      expect((await ask(`county=${encodeURIComponent(c.name)}`)).county?.name).toBe(c.name);
    expect((await ask("county=kilifi")).county?.name).toBe("Kilifi");
    const region = await ask("region=Rift%20Valley");
    expect(region.county).toBeNull();
    for (const p of region.products) expect(p.regionSuitability).toContain("Rift Valley");
  });

  it("leaves out what is all reserved, and says so when nothing in stock fits the region exactly", async () => {
    const [first] = (await ask("county=Nyeri&goal=milk")).products;
    const [director] = await t.database.read((db) =>
      db.select().from(users).where(eq(users.email, staffEmails.director)),
    );
    await reserveForCustomer(
      t.ctx,
      first!.id,
      { customerName: "Kiambu Dairy Farm", quantity: first!.inStock },
      director!.id,
    );
    const after = await ask("county=Nyeri&goal=milk");
    expect(after.products.map((p) => p.id)).not.toContain(first!.id);
    const inStock = await t.app.inject({ method: "GET", url: "/api/catalogue?inStock=true&limit=100" });
    expect(
      inStock
        .json()
        .map((p: CatalogueProduct) => p.id)
        .sort(),
    ).toEqual(
      all
        .filter((p) => p.inStock > 0 && p.id !== first!.id)
        .map((p) => p.id)
        .sort(),
    );

    // No dairy product in stock is listed for the North and tolerates high heat: the closest elsewhere.
    const dairy = (p: CatalogueProduct) => p.category === "dairy";
    const milk = (p: CatalogueProduct) => g(p).milkKg;
    expect(expectedFigures("Northern", 2, dairy, milk, -1)).toEqual([]);
    const north = await ask("county=Garissa&goal=milk");
    expect(north.exact).toBe(false);
    expect(north.products.length).toBeGreaterThan(0);
    expect(north.products.map(milk)).toEqual(expectedFigures(null, 2, dairy, milk, -1));
    expect((await ask("county=Kilifi&goal=milk")).exact).toBe(true);
  });

  it("refuses an unknown county, goal or region, or an empty question, with 400", async () => {
    for (const query of ["county=Atlantis", "goal=wings", "region=Mars", ""]) {
      const res = await t.app.inject({ method: "GET", url: `/api/catalogue/recommendations?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "VALIDATION_ERROR",
        message: expect.stringMatching(/\w/),
      });
    }
  });
});
