import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueProduct } from "../../../contract/catalogue";
import { fertilityOf, MIN_SERVICES_FOR_RATE } from "../../../contract/genetics";
import { LIST_TOTAL_HEADER } from "../../../contract/list-total";
import {
  breedingRecords,
  inventoryItems,
  itemGenetics,
  itemServiceTotals,
  stockBatches,
} from "../../db/schema";
import { toleranceRank, wholeCatalogue } from "../../testing/catalogue";
import { invariantViolations } from "../../testing/invariants";
import { asUser, createTestApp, loginAs, staffEmails, type TestApp } from "../../testing/test-app";
import { stockChanged } from "../inventory/stock-version";

let t: TestApp;
let director: ReturnType<typeof asUser>;
/** The whole catalogue as the API pages it, the oracle every filter is checked against. */
let all: CatalogueProduct[];

const search = async (query: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/catalogue?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { products: res.json() as CatalogueProduct[], total: Number(res.headers[LIST_TOTAL_HEADER]) };
};
const ids = (list: CatalogueProduct[]) => list.map((p) => p.id).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  director = asUser(t.app, await loginAs(t.app, staffEmails.director));
  all = await wholeCatalogue(t.app);
});
afterAll(() => t.close());

describe("the seeded catalogue", () => {
  it("has at least 40 bulls and 15 embryo lots across the breeds, each with a proof or a mating", () => {
    const bulls = new Set(all.filter((p) => p.type === "semen").map((p) => p.genetics.registration));
    const lots = all.filter((p) => p.type === "embryo");
    expect(bulls.size).toBeGreaterThanOrEqual(40);
    expect(bulls.has(null)).toBe(false);
    expect(lots.length).toBeGreaterThanOrEqual(15);
    const breeds = new Set(all.map((p) => p.breed));
    for (const b of ["Holstein Friesian", "Jersey", "Ayrshire", "Guernsey", "Sahiwal", "Boran", "Gir"])
      expect(breeds).toContain(b);
    for (const p of all.filter((x) => x.type === "semen")) {
      expect(p.genetics.bullName).toMatch(/\w/);
      expect(p.genetics.semenType).not.toBeNull();
      expect(p.genetics.reliabilityPct).not.toBeNull();
    }
    for (const p of lots) {
      expect(p.genetics.embryoStage).toBeGreaterThanOrEqual(1);
      expect(p.genetics.embryoGrade).toBeGreaterThanOrEqual(1);
      expect(p.genetics.preservation).not.toBeNull();
    }
    // Outcomes are recorded, so some rates are measured and some are still below the minimum.
    expect(all.some((p) => p.fertility.rate !== null)).toBe(true);
    expect(all.some((p) => p.fertility.services > 0 && p.fertility.rate === null)).toBe(true);
  });
});

describe("catalogue search", () => {
  it("pages with the number of matches in the total header, also past the last page", async () => {
    const first = await search("limit=10");
    expect(first.products).toHaveLength(10);
    expect(first.total).toBe(all.length);
    const past = await search(`limit=10&offset=${all.length + 5}`);
    expect(past.products).toEqual([]);
    expect(past.total).toBe(all.length);
    // The last page, short: it says the total by itself. A full page of a filter counts that filter's matches.
    const last = await search(`limit=10&offset=${all.length - 3}`);
    expect(last.products).toHaveLength(3);
    expect(last.total).toBe(all.length);
    const embryos = await search("type=embryo&limit=5&offset=5");
    expect(embryos.products).toHaveLength(5);
    expect(embryos.total).toBe(all.filter((p) => p.type === "embryo").length);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
  });

  const g = (p: CatalogueProduct) => p.genetics;
  const filters: [query: string, keep: (p: CatalogueProduct) => boolean][] = [
    ["type=embryo", (p) => p.type === "embryo"],
    ["type=semen", (p) => p.type === "semen"],
    ["breed=Jersey", (p) => p.breed === "Jersey"],
    ["semenType=sexed", (p) => g(p).semenType === "sexed"],
    ["semenType=conventional", (p) => g(p).semenType === "conventional"],
    ["milkMin=800", (p) => (g(p).milkKg ?? -Infinity) >= 800],
    ["fatPctMin=0.1", (p) => (g(p).fatPct ?? -Infinity) >= 0.1],
    ["calvingEaseMax=2", (p) => (g(p).calvingEasePct ?? Infinity) <= 2],
    ["heatTolerance=moderate", (p) => g(p).heatTolerance === "moderate" || g(p).heatTolerance === "high"],
    ["heatTolerance=high", (p) => g(p).heatTolerance === "high"],
    ["reliabilityMin=80", (p) => (g(p).reliabilityPct ?? -1) >= 80],
    ["a2a2=true", (p) => g(p).a2a2],
    ["polled=true", (p) => g(p).polled],
    ["region=Coastal", (p) => p.regionSuitability.includes("Coastal")],
    ["category=beef", (p) => p.category === "beef"],
    ["priceMin=3000&priceMax=6000", (p) => p.price >= 3000 && p.price <= 6000],
    ["search=semen", (p) => p.type === "semen"],
    ["search=boran%20semen", (p) => p.breed === "Boran" && p.type === "semen"],
    ["search=tempo", (p) => /tempo/i.test(`${g(p).bullName} ${p.description}`)],
    ["search=MBEGU", (p) => p.type === "semen"],
    ["search=kiinitete", (p) => p.type === "embryo"],
    ["search=je840003", (p) => /JE840003/.test(g(p).registration ?? "")],
    [
      "type=semen&breed=Holstein%20Friesian&milkMin=1000&a2a2=true",
      (p) => p.type === "semen" && p.breed === "Holstein Friesian" && (g(p).milkKg ?? 0) >= 1000 && g(p).a2a2,
    ],
  ];
  it.each(filters)(
    "filters %s in SQL, matching every product that passes and no other",
    async (query, keep) => {
      const expected = all.filter(keep);
      expect(expected.length, `the seed has no product for ${query}`).toBeGreaterThan(0);
      expect(expected.length, `every product passes ${query}`).toBeLessThan(all.length);
      const found = await search(`${query}&limit=100`);
      expect(ids(found.products)).toEqual(ids(expected));
      expect(found.total).toBe(expected.length);
    },
  );

  it("finds exactly the products asked for by id, for the compare screen", async () => {
    const wanted = [all[3]!.id, all[7]!.id, all[11]!.id];
    expect(ids((await search(`ids=${wanted.join(",")}`)).products)).toEqual(
      [...wanted].sort((a, b) => a - b),
    );
  });

  const sorted = (values: (number | null)[], direction: 1 | -1) =>
    values.every((v, i) => {
      const prev = values[i - 1];
      if (i === 0 || v === null) return true;
      return prev !== null && prev !== undefined && (prev - v) * direction <= 0;
    }) && values.indexOf(null) <= (values.lastIndexOf(null) === -1 ? values.length : values.indexOf(null));
  it.each([
    ["price_asc", (p: CatalogueProduct) => p.price, 1],
    ["price_desc", (p: CatalogueProduct) => p.price, -1],
    ["milk", (p: CatalogueProduct) => p.genetics.milkKg, -1],
    ["index", (p: CatalogueProduct) => p.genetics.indexValue, -1],
    ["fertility", (p: CatalogueProduct) => p.fertility.rate, -1],
    ["calving_ease", (p: CatalogueProduct) => p.genetics.calvingEasePct, 1],
    ["gain", (p: CatalogueProduct) => p.genetics.dailyGainG, -1],
    [
      "hardiness",
      (p: CatalogueProduct) => {
        const heat = toleranceRank(p.genetics.heatTolerance);
        return heat < 0 ? null : heat * 10 + toleranceRank(p.genetics.tickResistance);
      },
      -1,
    ],
  ] as const)("sorts by %s, unknown figures last", async (sort, value, direction) => {
    const { products } = await search(`sort=${sort}&limit=100`);
    const values = products.map((p) => value(p) ?? null);
    expect(sorted(values, direction)).toBe(true);
    const known = values.filter((v) => v !== null);
    expect(values.slice(0, known.length)).toEqual(known);
    expect(new Set(values).size).toBeGreaterThan(1);
  });

  it("refuses a malformed search with 400 and names the parameter", async () => {
    for (const query of [
      "milkMin=lots",
      "sort=best",
      "ids=1,x",
      "heatTolerance=extreme",
      "limit=0",
      "a2a2=yes",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/api/catalogue?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(query.split("=")[0]);
    }
  });

  it("lists the breeds on sale with their counts", async () => {
    const breeds: { breed: string; count: number }[] = (
      await t.app.inject({ method: "GET", url: "/api/catalogue/breeds" })
    ).json();
    expect(breeds.reduce((n, b) => n + b.count, 0)).toBe(all.length);
    expect(breeds.find((b) => b.breed === "Jersey")?.count).toBe(
      all.filter((p) => p.breed === "Jersey").length,
    );
  });
});

describe("proof sheet and measured fertility", () => {
  it("shows a product's proof, and 404 for an unknown or withdrawn one", async () => {
    const bull = all.find((p) => p.type === "semen")!;
    const res = await t.app.inject({ method: "GET", url: `/api/catalogue/${bull.id}` });
    expect(res.statusCode).toBe(200);
    // The catalogue's figures, and the batches a buyer would be sent from (inventory/batches.test.ts).
    const { batches, ...figures } = res.json();
    expect(figures).toEqual(bull);
    expect(batches.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: "GET", url: "/api/catalogue/999999" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/catalogue/abc" })).statusCode).toBe(400);
  });

  it("counts pregnant or calved over known outcomes for the bull across his sexed and conventional straws", async () => {
    const bull = all.find((p) => p.type === "semen" && p.fertility.services === 0)!;
    // The same bull sold as a second item: its services count towards his one rate.
    const created = await director.post("/api/inventory", {
      itemId: "SEM-TEST-900",
      type: "sperm",
      breedName: bull.breed,
      acquiredFrom: "Test supplier",
      currentStock: 100,
      costPerUnit: 5000,
      storageLocation: "Canister 9",
      geneticData: { category: bull.category, origin: bull.origin, region_suitability: [] },
      genetics: {
        ...bull.genetics,
        semenType: bull.genetics.semenType === "sexed" ? "conventional" : "sexed",
        femalePurityPct: 90,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const twin = created.json().id as number;
    const record = (inventoryItemId: number, status: string) => ({
      animalId: `T-${Math.random()}`,
      animalName: "Test cow",
      breedType: "Holstein",
      serviceType: "AI",
      serviceDate: "2026-01-10",
      technician: "Dr. Grace Muthoni",
      geneticMaterial: "test",
      inventoryItemId,
      status,
    });
    // 12 pregnant or calved and 10 not, split over the two items, and 5 still awaiting diagnosis.
    const outcomes = [
      ...Array(7).fill("pregnant"),
      ...Array(5).fill("calved"),
      ...Array(6).fill("failed"),
      ...Array(4).fill("open"),
      ...Array(5).fill("breeding"),
    ];
    await t.database.tx((db) =>
      db.insert(breedingRecords).values(
        outcomes.map((status, i) => {
          const r = record(i % 2 ? bull.id : twin, status);
          return {
            ...r,
            serviceType: "AI" as const,
            expectedCalvingDate: "2026-10-17",
            status: status as "breeding",
            success: status === "pregnant" || status === "calved",
          };
        }),
      ),
    );
    stockChanged();
    const expected = fertilityOf(12, 22);
    expect(22).toBeGreaterThanOrEqual(MIN_SERVICES_FOR_RATE);
    expect(await invariantViolations(t.database)).toEqual([]);
    for (const id of [bull.id, twin]) {
      const sheet: CatalogueProduct = (
        await t.app.inject({ method: "GET", url: `/api/catalogue/${id}` })
      ).json();
      expect(sheet.fertility).toEqual(expected);
    }
    expect(expected.rate).toBe(54.5);
    // Sorting by fertility puts a measured rate before products without one.
    const sortedIds = (await search("sort=fertility&limit=100")).products.map((p) => p.id);
    const firstUnmeasured = sortedIds.findIndex(
      (id) => all.find((p) => p.id === id)?.fertility.rate === null && id !== bull.id && id !== twin,
    );
    expect(sortedIds.indexOf(bull.id)).toBeLessThan(firstUnmeasured);
    await t.database.tx((db) =>
      db.update(inventoryItems).set({ isActive: false }).where(eq(inventoryItems.id, twin)),
    );
    stockChanged();
    expect((await t.app.inject({ method: "GET", url: `/api/catalogue/${twin}` })).statusCode).toBe(404);
  });

  it("keeps each item's totals as services are diagnosed, moved and removed, equal to a rebuild", async () => {
    // Each service uses one embryo: the unmeasured lot with the most in stock.
    const lot = all
      .filter((p) => p.type === "embryo" && p.fertility.services === 0)
      .sort((a, b) => b.inStock - a.inStock)[0]!;
    expect(lot.inStock).toBeGreaterThanOrEqual(21);
    const sheet = async (): Promise<CatalogueProduct> =>
      (await t.app.inject({ method: "GET", url: `/api/catalogue/${lot.id}` })).json();
    const lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await lab.post("/api/breeding-records", {
        animalId: `LOT-${i}`,
        animalName: "Recipient",
        breedType: "Zebu",
        serviceType: "ET",
        serviceDate: "2026-02-01",
        technician: "Dr. Peter Kiprotich",
        geneticMaterial: lot.itemId,
        inventoryItemId: lot.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    // Awaiting diagnosis: no known outcome yet.
    expect((await sheet()).fertility.services).toBe(0);
    for (const [i, id] of ids.entries()) {
      const status = i < 10 ? "pregnant" : i < 19 ? "failed" : "open";
      const date = status === "pregnant" ? "2026-04-01" : undefined;
      expect((await lab.patch(`/api/breeding-records/${id}/status`, { status, date })).statusCode).toBe(200);
    }
    expect((await sheet()).fertility).toEqual(fertilityOf(10, 21));
    const calved = await lab.patch(`/api/breeding-records/${ids[0]}/status`, {
      status: "calved",
      date: "2026-11-01",
    });
    expect(calved.statusCode, calved.body).toBe(200);
    await t.database.tx((db) => db.delete(breedingRecords).where(eq(breedingRecords.id, ids[20]!)));
    // Written behind the app's back: as after another instance's change, the catalogue's copy is dropped.
    stockChanged();
    expect((await sheet()).fertility).toEqual(fertilityOf(10, 20));
    expect(await invariantViolations(t.database)).toEqual([]);
    await t.database.tx((db) => db.execute(sql`select rebuild_summaries()`));
    stockChanged();
    expect((await sheet()).fertility).toEqual(fertilityOf(10, 20));
  });
});

describe("each bull's kept totals", () => {
  it("follow an item to its new bull, to itself and back when its registration or type changes", async () => {
    // A measured bull sold as a second item, measured too: moving one item moves its services only.
    const first = all.find((p) => p.type === "semen" && p.fertility.services > 0)!;
    const created = await director.post("/api/inventory", {
      itemId: "SEM-TEST-901",
      type: "sperm",
      breedName: first.breed,
      acquiredFrom: "Test supplier",
      currentStock: 10,
      costPerUnit: 5000,
      storageLocation: "Canister 9",
      geneticData: { category: first.category, origin: first.origin, region_suitability: [] },
      genetics: { ...first.genetics, semenType: "sexed", femalePurityPct: 90 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const second = { id: created.json().id as number };
    await t.database.tx((db) =>
      db.insert(breedingRecords).values(
        (["pregnant", "calved", "failed", "open", "failed"] as const).map((status, i) => ({
          animalId: `TWIN-${i}`,
          animalName: "Test cow",
          breedType: "Holstein",
          serviceType: "AI" as const,
          serviceDate: "2026-01-10",
          technician: "Dr. Grace Muthoni",
          geneticMaterial: "SEM-TEST-901",
          inventoryItemId: second.id,
          expectedCalvingDate: "2026-10-17",
          status,
          success: status === "pregnant" || status === "calved",
        })),
      ),
    );
    const rateOf = async (id: number) =>
      ((await t.app.inject({ method: "GET", url: `/api/catalogue/${id}` })).json() as CatalogueProduct)
        .fertility;
    const own = async (id: number) => {
      const [row] = await t.database.read((db) =>
        db.select().from(itemServiceTotals).where(eq(itemServiceTotals.inventoryItemId, id)),
      );
      return { services: row?.services ?? 0, conceptions: row?.conceptions ?? 0 };
    };
    const [a, b] = [await own(first.id), await own(second.id)];
    const both = fertilityOf(a.conceptions + b.conceptions, a.services + b.services);
    expect(await rateOf(first.id)).toEqual(both);

    const check = async (expectFirst: typeof both, expectSecond: typeof both) => {
      stockChanged();
      expect(await invariantViolations(t.database)).toEqual([]);
      expect(await rateOf(first.id)).toEqual(expectFirst);
      expect(await rateOf(second.id)).toEqual(expectSecond);
    };
    // Staff correct the first item's registration: it is another bull, measured on its own services.
    const { breedName, acquiredFrom, costPerUnit, storageLocation, geneticData, genetics } = (
      await director.get(`/api/inventory/${first.id}`)
    ).json();
    const edit = await director.patch(`/api/inventory/${first.id}`, {
      ...{ breedName, acquiredFrom, costPerUnit, storageLocation, geneticData },
      genetics: { ...genetics, registration: "KE-TEST-MOVED-1" },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await check(fertilityOf(a.conceptions, a.services), fertilityOf(b.conceptions, b.services));
    // Registration cleared, then genetics removed and given back: the item's own totals throughout.
    const setRegistration = (registration: string | null) =>
      t.database.tx((db) =>
        db.update(itemGenetics).set({ registration }).where(eq(itemGenetics.inventoryItemId, first.id)),
      );
    await setRegistration(null);
    await check(fertilityOf(a.conceptions, a.services), fertilityOf(b.conceptions, b.services));
    // Back to his registration: one rate again, on both items.
    await setRegistration(first.genetics.registration ?? null);
    await check(both, both);
    // An embryo lot keeps its own rate whatever registration its genetics carry.
    const setType = (type: "sperm" | "embryo") =>
      t.database.tx((db) => db.update(inventoryItems).set({ type }).where(eq(inventoryItems.id, first.id)));
    await setType("embryo");
    stockChanged();
    expect(await invariantViolations(t.database)).toEqual([]);
    expect(await rateOf(second.id)).toEqual(fertilityOf(b.conceptions, b.services));
    await setType("sperm");
    await check(both, both);
    await t.database.tx((db) => db.execute(sql`select rebuild_summaries()`));
    await check(both, both);
  });
});

describe("staff fertility report", () => {
  type Line = {
    label: string;
    detail: string | null;
    services: number;
    conceptions: number;
    rate: number | null;
  };
  it("shows each bull once with his proof sheet's rate, and every technician and semen type from the records", async () => {
    const res = await director.get("/api/reports/fertility");
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as Record<"bulls" | "embryoLots" | "technicians" | "semenTypes", Line[]> & {
      minimumServices: number;
    };
    expect(report.minimumServices).toBe(MIN_SERVICES_FOR_RATE);
    const fresh: CatalogueProduct[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = (await search(`type=semen&limit=100&offset=${offset}`)).products;
      fresh.push(...page);
      if (page.length < 100) break;
    }
    const measured = fresh.filter((p) => p.fertility.services > 0);
    expect(measured.length).toBeGreaterThan(3);
    for (const bull of measured) {
      const lines = report.bulls.filter((l) => l.label === bull.genetics.bullName);
      expect(lines).toEqual([
        {
          label: bull.genetics.bullName,
          detail: `${bull.breed} · ${bull.genetics.registration}`,
          ...bull.fertility,
        },
      ]);
    }

    const rows = await t.database.read((db) => db.select().from(breedingRecords));
    expect(report.technicians.length).toBeGreaterThan(1);
    for (const line of report.technicians) {
      const known = rows.filter(
        (r) => r.technician === line.label && r.serviceType !== "Natural" && r.status !== "breeding",
      );
      expect(line).toMatchObject(
        fertilityOf(
          known.filter((r) => r.status === "pregnant" || r.status === "calved").length,
          known.length,
        ),
      );
    }
    const byType = Object.fromEntries(report.semenTypes.map((l) => [l.label, l.services]));
    expect(Object.keys(byType).sort()).toEqual(["Conventional", "Sexed"]);
    expect(byType.Conventional! + byType.Sexed!).toBe(report.bulls.reduce((n, l) => n + l.services, 0));
    expect(report.embryoLots.some((l) => l.rate !== null)).toBe(true);

    // Per batch: every demo service used a straw of a batch, and each batch's line is its records'.
    const byBatch = (report as unknown as { batches: Line[] }).batches;
    expect(byBatch.length).toBeGreaterThan(3);
    const batches = await t.database.read((db) =>
      db
        .select({ id: stockBatches.id, code: stockBatches.code, itemId: inventoryItems.itemId })
        .from(stockBatches)
        .innerJoin(inventoryItems, eq(inventoryItems.id, stockBatches.inventoryItemId)),
    );
    for (const line of byBatch) {
      const batch = batches.find((b) => `${b.itemId} · batch ${b.code}` === line.label)!;
      const known = rows.filter((r) => r.batchId === batch.id && r.status !== "breeding");
      expect(line).toMatchObject(
        fertilityOf(
          known.filter((r) => r.status === "pregnant" || r.status === "calved").length,
          known.length,
        ),
      );
    }

    const lab = asUser(t.app, await loginAs(t.app, staffEmails.lab_technician));
    expect((await lab.get("/api/reports/fertility")).statusCode).toBe(200);
    const logistics = asUser(t.app, await loginAs(t.app, staffEmails.logistics_coordinator));
    expect((await logistics.get("/api/reports/fertility")).statusCode).toBe(403);
  });
});

describe("a product as its rows stand", () => {
  it("sorts and finds a bull by the name and registration staff last saved, and shows what they saved", async () => {
    const jerseys = (await search("breed=Jersey&limit=100")).products;
    const bull = jerseys.find((p) => p.type === "semen")!;
    const before = (await director.get(`/api/inventory/${bull.id}`)).json();
    const { breedName, acquiredFrom, costPerUnit, storageLocation, geneticData, genetics } = before;
    const { description, descriptionSw, expiryDate } = before;
    const rename = (bullName: string, registration: string, milkKg: number) =>
      director.patch(`/api/inventory/${bull.id}`, {
        ...{ breedName, acquiredFrom, costPerUnit, storageLocation, geneticData },
        ...{ description, descriptionSw, expiryDate },
        genetics: { ...genetics, bullName, registration, milkKg },
      });
    // Renamed to sort first among the Jerseys, with a registration no other product has.
    expect((await rename("AAA Renamed Bull", "JE-RENAMED-77", 1234)).statusCode).toBe(200);
    stockChanged();
    const first = (await search("breed=Jersey&limit=1")).products[0]!;
    expect(first.id).toBe(bull.id);
    expect(first.genetics).toMatchObject({ bullName: "AAA Renamed Bull", milkKg: 1234 });
    expect(ids((await search("search=renamed%20bull")).products)).toEqual([bull.id]);
    expect(ids((await search("search=je-renamed-77")).products)).toEqual([bull.id]);
    expect(ids((await search(`search=${encodeURIComponent(genetics.registration)}`)).products)).not.toContain(
      bull.id,
    );
    // Changed underneath the app (no stock event): the next read shows it, as its rows are a new version.
    await t.database.tx((db) =>
      db.update(itemGenetics).set({ milkKg: 999 }).where(eq(itemGenetics.inventoryItemId, bull.id)),
    );
    stockChanged();
    expect((await search("breed=Jersey&limit=1")).products[0]!.genetics.milkKg).toBe(999);
    // Genetics removed: nothing of the bull is left to sort or find him by.
    await t.database.tx((db) => db.delete(itemGenetics).where(eq(itemGenetics.inventoryItemId, bull.id)));
    stockChanged();
    expect((await search("search=renamed")).products).toEqual([]);
    expect(await invariantViolations(t.database)).toEqual([]);
    // Given back as they were: the catalogue is as it started.
    expect((await rename(genetics.bullName, genetics.registration, genetics.milkKg)).statusCode).toBe(200);
    stockChanged();
    expect(await invariantViolations(t.database)).toEqual([]);
    expect((await search("breed=Jersey&limit=100")).products).toEqual(jerseys);
  });
});
