import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { CatalogueProduct, FertilityReport } from "../../../contract/catalogue";
import { fertilityOf } from "../../../contract/genetics";
import { breedingRecords, outbox, stockBatches } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { wholeCatalogue } from "../../testing/catalogue";
import { addCow, boughtStraw } from "../../testing/herd";
import { invariantViolations } from "../../testing/invariants";
import { asUser, inventoryItem, loginAs, newClientAccount, staffEmails } from "../../testing/test-app";
import { DAY_MS, nairobiDate } from "../../time";
import { stockChanged } from "../inventory/stock-version";

withTestApp();
type Farmer = Awaited<ReturnType<typeof newClientAccount>>;
type Staff = ReturnType<typeof asUser>;
let farmer: Farmer;
let scientist: Staff;

const daysAgo = (days: number) => nairobiDate(new Date(t.clock.now().getTime() - days * DAY_MS));

beforeAll(async () => {
  t.clock.set(new Date(`${nairobiDate(new Date())}T10:00:00+03:00`));
  farmer = await newClientAccount(t.app);
  scientist = asUser(t.app, await loginAs(t.app, staffEmails.chief_scientist));
});

const fertility = async (itemId: number) =>
  ((await t.app.inject({ method: "GET", url: `/api/catalogue/${itemId}` })).json() as CatalogueProduct)
    .fertility;

const recordsOfCow = (tag: string) =>
  t.database.read((db) => db.select().from(breedingRecords).where(eq(breedingRecords.animalId, tag)));

/** A semen product the catalogue sells with no service recorded against its bull yet. */
async function unmeasuredBull(): Promise<CatalogueProduct> {
  const bull = (await wholeCatalogue(t.app)).find(
    (p) => p.type === "semen" && p.fertility.services === 0 && p.fertility.reported === 0,
  );
  expect(bull, "a bull with no services yet").toBeDefined();
  return bull!;
}

/** Service records written straight to the table, as a year of staff records would be. */
function services(
  inventoryItemId: number,
  outcomes: { status: "pregnant" | "open" | "breeding"; source: "confirmed" | "farmer"; n: number }[],
  batchId: number | null = null,
) {
  const rows = outcomes.flatMap(({ status, source, n }) =>
    Array.from({ length: n }, () => ({
      animalId: `T-${Math.random()}`,
      animalName: "Test cow",
      breedType: "Holstein",
      serviceType: "AI" as const,
      serviceDate: "2026-01-10",
      technician: "Dr. Grace Muthoni",
      geneticMaterial: "test",
      inventoryItemId,
      batchId,
      expectedCalvingDate: "2026-10-17",
      status,
      success: status === "pregnant",
      outcomeSource: source,
    })),
  );
  return t.database
    .tx((db) => db.insert(breedingRecords).values(rows).returning({ id: breedingRecords.id }))
    .then((r) => {
      stockChanged();
      return r;
    });
}

describe("outcomes from the farm feed the bull's figures", () => {
  it("measures a farmer's service with a bought straw as reported, until staff confirm it", async () => {
    const hf = await inventoryItem(t, "SEM-HF-101");
    const straw = await boughtStraw(farmer);
    const cow = await addCow(farmer, { tag: `KE-OUT-${Date.now()}`, breed: "Friesian" });
    const before = await fertility(hf.id);
    const served = await farmer.client.post(`/api/client/cows/${cow.id}/events`, {
      type: "insemination",
      date: daysAgo(45),
      orderItemId: straw,
      technician: "Peter Kamau",
    });
    expect(served.statusCode, served.body).toBe(201);
    // The service is on the staff's breeding records, named by her tag, waiting for its outcome.
    const [record] = await recordsOfCow(cow.tag);
    expect(record).toMatchObject({
      inventoryItemId: hf.id,
      serviceDate: daysAgo(45),
      technician: "Peter Kamau",
      status: "breeding",
      outcomeSource: "farmer",
      cowEventId: served.json().id,
    });
    expect(await fertility(hf.id)).toEqual(before);

    const pd = await farmer.client.post(`/api/client/cows/${cow.id}/events`, {
      type: "pd",
      date: daysAgo(1),
      result: "pregnant",
      method: "palpation",
    });
    expect(pd.statusCode, pd.body).toBe(201);
    const reported = await fertility(hf.id);
    expect(reported.reported).toBe(before.reported + 1);
    expect(reported.confirmed).toBe(before.confirmed);
    expect((await recordsOfCow(cow.tag))[0]).toMatchObject({
      status: "pregnant",
      pregnantOn: daysAgo(1),
      outcomeSource: "farmer",
    });
    expect(await invariantViolations(t.database)).toEqual([]);

    // A vet's diagnosis entered by staff confirms it: one more confirmed, one fewer reported.
    const confirmed = await scientist.patch(`/api/breeding-records/${record!.id}/status`, {
      status: "pregnant",
      date: daysAgo(1),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().outcomeSource).toBe("confirmed");
    const after = await fertility(hf.id);
    expect([after.confirmed, after.reported]).toEqual([before.confirmed + 1, before.reported]);
    // The farmer's later word never undoes a confirmed outcome.
    await farmer.client.post(`/api/client/cows/${cow.id}/events`, {
      type: "pd",
      date: daysAgo(0),
      result: "open",
    });
    expect((await recordsOfCow(cow.tag))[0]).toMatchObject({
      status: "pregnant",
      outcomeSource: "confirmed",
    });
    expect(await fertility(hf.id)).toEqual(after);
    const history = (await scientist.get(`/api/breeding-records/${record!.id}/history`)).json();
    expect(history.map((h: { reason: string | null }) => h.reason)).toEqual(["Reported by the farmer", null]);
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("draws the rate from confirmed outcomes once there are 20, from every outcome before", async () => {
    const bull = await unmeasuredBull();
    await services(bull.id, [
      { status: "pregnant", source: "confirmed", n: 6 },
      { status: "open", source: "confirmed", n: 6 },
      { status: "pregnant", source: "farmer", n: 9 },
      { status: "open", source: "farmer", n: 1 },
      { status: "breeding", source: "farmer", n: 3 },
    ]);
    // 12 confirmed are too few: the 10 reports join them.
    expect(await fertility(bull.id)).toEqual(fertilityOf(15, 22, { confirmed: 12, reported: 10 }));
    await services(bull.id, [
      { status: "pregnant", source: "confirmed", n: 2 },
      { status: "open", source: "confirmed", n: 6 },
    ]);
    // 20 confirmed: the farmers' generous reports no longer lift the rate.
    const measured = await fertility(bull.id);
    expect(measured).toEqual(fertilityOf(8, 20, { confirmed: 20, reported: 10 }));
    expect(measured.rate).toBe(40);
    const report = (await scientist.get("/api/reports/fertility")).json() as FertilityReport;
    expect(report.bulls.find((l) => l.label === bull.genetics.bullName)).toMatchObject({
      services: 20,
      conceptions: 8,
      confirmed: 20,
      reported: 10,
    });
    expect(await invariantViolations(t.database)).toEqual([]);
  });

  it("flags a batch conceiving well below its bull to the Chief Scientist, once", async () => {
    const bull = await unmeasuredBull();
    const [good, weak] = await t.database.tx((db) =>
      db
        .insert(stockBatches)
        .values(
          ["GOOD", "WEAK"].map((code) => ({
            inventoryItemId: bull.id,
            code: `${code}-${Date.now()}`,
            receivedAt: t.clock.now(),
          })),
        )
        .returning({ id: stockBatches.id }),
    );
    await services(
      bull.id,
      [
        { status: "pregnant", source: "confirmed", n: 24 },
        { status: "open", source: "confirmed", n: 16 },
      ],
      good!.id,
    );
    // 2 of 19 on the weak batch, and farmers reporting it all fine: reports never flag a batch.
    await services(
      bull.id,
      [
        { status: "pregnant", source: "confirmed", n: 2 },
        { status: "open", source: "confirmed", n: 17 },
        { status: "pregnant", source: "farmer", n: 10 },
      ],
      weak!.id,
    );
    const [twentieth, twentyFirst] = await services(
      bull.id,
      [{ status: "breeding", source: "farmer", n: 2 }],
      weak!.id,
    );
    const flagged = () =>
      t.database.read((db) =>
        db
          .select({ recipient: outbox.recipient, body: outbox.body })
          .from(outbox)
          .where(and(eq(outbox.kind, "batch_fertility_low"))),
      );
    const before = (await flagged()).length;
    const set = (id: number) => scientist.patch(`/api/breeding-records/${id}/status`, { status: "open" });
    expect((await set(twentieth!.id)).statusCode).toBe(200);
    const messages = (await flagged()).slice(before);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.recipient).toBe(staffEmails.chief_scientist);
    expect(messages[0]!.body).toContain("2 of 20 confirmed (10%) against the bull's 43%");
    // The next confirmed outcome on the batch raises no second flag.
    expect((await set(twentyFirst!.id)).statusCode).toBe(200);
    expect((await flagged()).length).toBe(before + 1);

    const report = (await scientist.get("/api/reports/fertility")).json() as FertilityReport;
    const line = (code: string) => report.batches.find((l) => l.label.endsWith(code));
    const [goodCode, weakCode] = await t.database.read((db) =>
      db
        .select({ code: stockBatches.code })
        .from(stockBatches)
        .where(eq(stockBatches.inventoryItemId, bull.id))
        .orderBy(stockBatches.id)
        .then((rows) => rows.slice(-2).map((r) => r.code)),
    );
    expect(line(weakCode!)).toMatchObject({ confirmed: 21, reported: 10, conceptions: 2, bullRate: 42.6 });
    expect(line(weakCode!)!.flaggedAt).not.toBeNull();
    expect(line(goodCode!)!.flaggedAt).toBeNull();
  });
});

describe("the ADGG export", () => {
  it("writes every herd's animals and events, one CSV per event type, without saying whose they are", async () => {
    const straw = await boughtStraw(farmer);
    const cow = await addCow(farmer, { tag: `KE-ADGG-${Date.now()}`, name: "Zawadi", breed: "Ayrshire" });
    const post = (body: object) => farmer.client.post(`/api/client/cows/${cow.id}/events`, body);
    expect((await post({ type: "heat", date: daysAgo(300) })).statusCode).toBe(201);
    const served = await post({
      type: "insemination",
      date: daysAgo(290),
      time: "07:30",
      orderItemId: straw,
    });
    expect(
      (await post({ type: "pd", date: daysAgo(230), result: "pregnant", method: "ultrasound" })).statusCode,
    ).toBe(201);
    expect(
      (
        await post({
          type: "calving",
          date: daysAgo(10),
          ease: "easy",
          calfSex: "female",
          calfAlive: true,
          calfTag: `${cow.tag}-C`,
        })
      ).statusCode,
    ).toBe(201);

    for (const who of [farmer.client, asUser(t.app, await loginAs(t.app, staffEmails.sales_manager))]) {
      expect((await who.get("/api/exports/adgg.zip")).statusCode).toBe(403);
    }
    const res = await scientist.get("/api/exports/adgg.zip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      "animal_registration.csv",
      "calving.csv",
      "exit.csv",
      "heat.csv",
      "insemination.csv",
      "pregnancy_diagnosis.csv",
    ]);
    const rows = (name: string) =>
      strFromU8(files[name]!)
        .trim()
        .split("\r\n")
        .map((line) => line.slice(1, -1).split('","'));
    const animalId = `A${cow.id}`;
    const of = (name: string) => {
      const [header, ...body] = rows(name);
      return body
        .filter((r) => r[header!.indexOf("animal_id")] === animalId)
        .map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
    };
    expect(of("animal_registration.csv")).toEqual([
      expect.objectContaining({ tag_id: cow.tag, animal_name: "Zawadi", breed: "Ayrshire", parity: "1" }),
    ]);
    const [ai] = of("insemination.csv");
    expect(ai).toMatchObject({
      event_id: String(served.json().id),
      service_date: daysAgo(290),
      service_time: "07:30",
      service_type: "AI",
      data_source: "farmer",
    });
    expect(ai!.bull_name).not.toBe("");
    expect(of("pregnancy_diagnosis.csv")).toEqual([
      expect.objectContaining({ pd_date: daysAgo(230), pd_result: "pregnant", pd_method: "ultrasound" }),
    ]);
    expect(of("calving.csv")).toEqual([
      expect.objectContaining({
        calving_ease: "easy",
        calf_sex: "female",
        calf_status: "alive",
        calf_tag_id: `${cow.tag}-C`,
      }),
    ]);
    expect(of("heat.csv")).toHaveLength(1);
    // The farmer is a pseudonym: no name, email or phone anywhere in the export.
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
    for (const secret of [farmer.email, farmer.phone, farmer.phone.slice(1)]) {
      expect(everything).not.toContain(secret);
    }
  });
});
