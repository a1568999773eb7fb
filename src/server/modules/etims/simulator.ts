import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { kraPinPattern, type TaxType, taxRatePct, taxTypes, taxWithin } from "../../../contract/tax";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { etimsSimControl, etimsSimDevices, etimsSimItems, etimsSimSales } from "../../db/schema";
import { escapeHtml } from "../../http/escape-html";
import { nairobiStamp } from "../../time";

/**
 * A stand-in for KRA's eTIMS OSCU, served by this process under /etims-sim when ETIMS_MODE=simulator. It
 * speaks OSCU's HTTP API and keeps KRA's side of the books in its own tables, enforcing the rules KRA's
 * sandbox does: the device's key on every call, each invoice number exactly the next for the PIN, items
 * registered (in a class of their tax type) and in stock before they are sold, tax-inclusive amounts that
 * add up per band, and a credit note naming an invoice it took. POST /etims-sim/control makes it refuse the
 * next sale or take it without answering, for tests and the demo.
 */

/** The classification codes the simulator knows, each with the tax type KRA expects of it. */
export const simulatedClasses: Record<string, { name: string; taxType: TaxType }> = {
  "10101500": { name: "Live animals and their genetic material", taxType: "A" },
  "70121600": { name: "Livestock breeding services", taxType: "A" },
  "80101500": { name: "Business and management consulting", taxType: "B" },
  "10111300": { name: "Animal husbandry supplies", taxType: "B" },
};

type Answer = { resultCd: string; resultMsg: string; resultDt: string; data: unknown };
const answer = (resultCd: string, resultMsg: string, data: unknown = null): Answer => ({
  resultCd,
  resultMsg,
  resultDt: nairobiStamp(new Date()),
  data,
});
const ok = (data: unknown = null) => answer("000", "It is succeeded", data);
const refuse = (msg: string, code = "910") => answer(code, msg);

class Refusal extends Error {
  constructor(readonly answer: Answer) {
    super(answer.resultMsg);
  }
}
const fail = (msg: string, code = "910"): never => {
  throw new Refusal(refuse(msg, code));
};

type Body = Record<string, unknown>;
const text = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));
const num = (v: unknown) => (typeof v === "number" ? v : Number(v));
const upper = (n: number) =>
  Array.from(randomBytes(n), (b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[b % 32]).join("");

/** The device the request's headers name, when its communication key is right. */
async function device(db: Db, request: FastifyRequest) {
  const tin = text(request.headers.tin);
  const bhfId = text(request.headers.bhfid);
  const cmcKey = text(request.headers.cmckey);
  if (!tin || !bhfId || !cmcKey) fail("There is no Header information", "900");
  const [row] = await db
    .select()
    .from(etimsSimDevices)
    .where(and(eq(etimsSimDevices.tin, tin), eq(etimsSimDevices.bhfId, bhfId)))
    .for("update");
  if (!row || row.cmcKey !== cmcKey) fail("It is not valid device", "901");
  return row!;
}

async function initialise(db: Db, b: Body): Promise<Answer> {
  const tin = text(b.tin);
  const bhfId = text(b.bhfId);
  if (!kraPinPattern.test(tin)) fail(`tin ${tin || "(empty)"} is not a KRA PIN`);
  if (!/^\d{2}$/.test(bhfId)) fail(`bhfId ${bhfId || "(empty)"} is not a branch id`);
  if (!text(b.dvcSrlNo)) fail("dvcSrlNo is required");
  const [known] = await db
    .select()
    .from(etimsSimDevices)
    .where(and(eq(etimsSimDevices.tin, tin), eq(etimsSimDevices.bhfId, bhfId)));
  if (known) fail("This device is installed", "902");
  const row = { tin, bhfId, cmcKey: randomBytes(16).toString("hex"), sdcId: `KRACU0${tin.slice(1, 10)}` };
  await db.insert(etimsSimDevices).values(row);
  return ok({
    info: {
      taxprNm: "Simulated taxpayer",
      dvcId: `${tin}${bhfId}01`,
      ...row,
      mrcNo: `WIS${tin.slice(1, 9)}`,
    },
  });
}

async function saveItem(db: Db, tin: string, b: Body): Promise<Answer> {
  const itemCd = text(b.itemCd);
  const taxType = text(b.taxTyCd) as TaxType;
  const classCode = text(b.itemClsCd);
  if (!/^KE[123][A-Z]{2}[A-Z]{1,2}\d{7}$/.test(itemCd))
    fail(`itemCd ${itemCd || "(empty)"} is not a KRA item code`);
  if (!taxTypes.includes(taxType)) fail(`taxTyCd ${taxType || "(empty)"} is not a tax type (A–E)`);
  const cls = simulatedClasses[classCode];
  if (!cls) fail(`Item classification ${classCode || "(empty)"} does not exist`);
  if (cls!.taxType !== taxType) {
    fail(
      `Item ${itemCd}: classification ${classCode} (${cls!.name}) is taxed ${cls!.taxType}, not ${taxType}`,
    );
  }
  const values = { tin, itemCd, taxType, classCode, service: text(b.itemTyCd) === "3" };
  await db
    .insert(etimsSimItems)
    .values(values)
    .onConflictDoUpdate({ target: [etimsSimItems.tin, etimsSimItems.itemCd], set: values });
  return ok();
}

async function item(db: Db, tin: string, itemCd: string) {
  const [row] = await db
    .select()
    .from(etimsSimItems)
    .where(and(eq(etimsSimItems.tin, tin), eq(etimsSimItems.itemCd, itemCd)))
    .for("update");
  if (!row) fail(`Item ${itemCd || "(empty)"} is not registered`);
  return row!;
}

const moveStock = (db: Db, tin: string, itemCd: string, delta: number) =>
  db
    .update(etimsSimItems)
    .set({ stock: sql`${etimsSimItems.stock} + ${delta}` })
    .where(and(eq(etimsSimItems.tin, tin), eq(etimsSimItems.itemCd, itemCd)));

async function stockIO(db: Db, tin: string, b: Body): Promise<Answer> {
  const kind = text(b.sarTyCd);
  const sign = /^0[1-6]$/.test(kind)
    ? 1
    : /^1[1-6]$/.test(kind)
      ? -1
      : fail(`sarTyCd ${kind} is not a stock movement`);
  for (const line of (b.itemList as Body[] | undefined) ?? []) {
    await item(db, tin, text(line.itemCd));
    await moveStock(db, tin, text(line.itemCd), Number(sign) * num(line.qty));
  }
  return ok();
}

async function stockMaster(db: Db, tin: string, b: Body): Promise<Answer> {
  await item(db, tin, text(b.itemCd));
  await db
    .update(etimsSimItems)
    .set({ stock: num(b.rsdQty) })
    .where(and(eq(etimsSimItems.tin, tin), eq(etimsSimItems.itemCd, text(b.itemCd))));
  return ok();
}

/** Each band's taxable amount is its lines' sum, and its tax the tax within it at the band's rate. */
function checkBands(b: Body, lines: Body[]) {
  let total = 0;
  for (const type of taxTypes) {
    const taxable = lines.filter((l) => l.taxTyCd === type).reduce((s, l) => s + num(l.taxblAmt), 0);
    total += taxable;
    if (num(b[`taxblAmt${type}`] ?? 0) !== taxable) {
      fail(
        `taxblAmt${type} is ${num(b[`taxblAmt${type}`] ?? 0)} but the items taxed ${type} add up to ${taxable}`,
      );
    }
    if (num(b[`taxRt${type}`] ?? taxRatePct[type]) !== taxRatePct[type])
      fail(`taxRt${type} must be ${taxRatePct[type]}`);
    if (Math.abs(num(b[`taxAmt${type}`] ?? 0) - taxWithin(taxable, type)) > 1) {
      fail(`taxAmt${type} must be the tax within ${taxable} at ${taxRatePct[type]}%`);
    }
  }
  if (num(b.totAmt) !== total) fail(`totAmt ${num(b.totAmt)} is not the items' total ${total}`);
}

async function saveSale(db: Db, dev: typeof etimsSimDevices.$inferSelect, b: Body): Promise<Answer> {
  const invcNo = num(b.invcNo);
  const trdInvcNo = text(b.trdInvcNo);
  const key = and(
    eq(etimsSimSales.tin, dev.tin),
    eq(etimsSimSales.bhfId, dev.bhfId),
    eq(etimsSimSales.invcNo, invcNo),
  );
  const [seen] = await db.select().from(etimsSimSales).where(key);
  // The same sale sent again (its answer was lost) gets the same answer; another sale, a refusal.
  if (seen) {
    if (seen.trdInvcNo === trdInvcNo) return ok(seen.answer);
    fail(`invcNo ${invcNo} is already used by ${seen.trdInvcNo}`, "994");
  }
  if (!Number.isInteger(invcNo) || invcNo !== dev.lastInvcNo + 1) {
    fail(`invcNo ${b.invcNo} is not the next invoice number: expected ${dev.lastInvcNo + 1}`);
  }
  const type = text(b.rcptTyCd);
  if (type !== "S" && type !== "R") fail(`rcptTyCd ${type} is not S or R`);
  if (type === "R") {
    const [original] = await db
      .select()
      .from(etimsSimSales)
      .where(
        and(
          eq(etimsSimSales.tin, dev.tin),
          eq(etimsSimSales.bhfId, dev.bhfId),
          eq(etimsSimSales.invcNo, num(b.orgInvcNo)),
          eq(etimsSimSales.receiptType, "S"),
        ),
      );
    if (!original)
      fail(`A credit note must name its original invoice: orgInvcNo ${b.orgInvcNo} is not a sale`);
    if (!/^0[1-6]$/.test(text(b.rfdRsnCd))) fail("A credit note needs its reason code (rfdRsnCd 01–06)");
  }
  const lines = (b.itemList as Body[] | undefined) ?? [];
  if (lines.length === 0 || num(b.totItemCnt) !== lines.length) fail("totItemCnt must count the itemList");
  checkBands(b, lines);
  for (const line of lines) {
    const known = await item(db, dev.tin, text(line.itemCd));
    if (known.taxType !== line.taxTyCd) {
      fail(`Item ${known.itemCd} is registered taxed ${known.taxType}, not ${text(line.taxTyCd)}`);
    }
    if (known.service) continue;
    if (type === "S" && known.stock < num(line.qty)) {
      fail(`Item ${known.itemCd} has ${known.stock} in stock; ${num(line.qty)} cannot be sold`);
    }
    await moveStock(db, dev.tin, known.itemCd, type === "S" ? -num(line.qty) : num(line.qty));
  }
  const receipts = dev.receipts + 1;
  const data = {
    curRcptNo: receipts,
    totRcptNo: receipts,
    intrlData: upper(26),
    rcptSign: upper(16),
    sdcDateTime: nairobiStamp(new Date()),
  };
  await db.insert(etimsSimSales).values({
    tin: dev.tin,
    bhfId: dev.bhfId,
    invcNo,
    trdInvcNo,
    receiptType: type,
    totalAmount: num(b.totAmt),
    answer: data,
  });
  await db
    .update(etimsSimDevices)
    .set({ lastInvcNo: invcNo, receipts })
    .where(and(eq(etimsSimDevices.tin, dev.tin), eq(etimsSimDevices.bhfId, dev.bhfId)));
  return ok(data);
}

/** Takes the next sale's instruction (refuse it, or take it silently) off the control row. */
async function nextInstruction(db: Db) {
  const [control] = await db.select().from(etimsSimControl).for("update");
  if (control?.refuseNext || control?.silentNext) {
    await db.update(etimsSimControl).set({ refuseNext: null, silentNext: false });
  }
  return control;
}

export function registerEtimsSimulator(app: FastifyInstance, ctx: AppContext): void {
  const base = "/etims-sim/etims-api";
  const run =
    (work: (db: Db, request: FastifyRequest) => Promise<Answer>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await ctx.database.tx((db) => work(db, request));
      } catch (error) {
        if (error instanceof Refusal) return reply.send(error.answer);
        throw error;
      }
    };
  const body = (request: FastifyRequest) => (request.body ?? {}) as Body;

  app.post(
    `${base}/selectInitOsdcInfo`,
    run((db, r) => initialise(db, body(r))),
  );
  app.post(
    `${base}/saveItem`,
    run(async (db, r) => saveItem(db, (await device(db, r)).tin, body(r))),
  );
  app.post(
    `${base}/insertStockIO`,
    run(async (db, r) => stockIO(db, (await device(db, r)).tin, body(r))),
  );
  app.post(
    `${base}/saveStockMaster`,
    run(async (db, r) => stockMaster(db, (await device(db, r)).tin, body(r))),
  );
  app.post(`${base}/saveTrnsSalesOsdc`, async (request, reply) => {
    let silent = false;
    const result = await run(async (db, r) => {
      const dev = await device(db, r);
      const control = await nextInstruction(db);
      if (control?.refuseNext) return refuse(control.refuseNext, "999");
      silent = control?.silentNext === true;
      return saveSale(db, dev, body(r));
    })(request, reply);
    // Taken, but the answer is lost on the way back: the connection drops without a word.
    if (silent) {
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    return result;
  });

  app.post("/etims-sim/control", async (request) => {
    const b = body(request);
    const set = {
      refuseNext: typeof b.refuseNext === "string" && b.refuseNext ? b.refuseNext : null,
      silentNext: b.silentNext === true,
    };
    await ctx.database.tx((db) => db.update(etimsSimControl).set(set));
    return set;
  });

  // KRA's receipt check, which every document's QR code opens: Data is the PIN, branch and signature.
  app.get("/etims-sim/common/link/etims/receipt/indexEtimsReceiptData", async (request, reply) => {
    const data = text((request.query as Record<string, unknown>).Data);
    const sales = await ctx.database.read((db) =>
      db
        .select()
        .from(etimsSimSales)
        .where(
          sql`${etimsSimSales.tin} || ${etimsSimSales.bhfId} || (${etimsSimSales.answer} ->> 'rcptSign') = ${data}`,
        )
        .orderBy(desc(etimsSimSales.createdAt))
        .limit(1),
    );
    const sale = sales[0];
    const page = sale
      ? `<h1>Valid receipt</h1><p>PIN ${escapeHtml(sale.tin)} · invoice ${sale.invcNo} (${escapeHtml(sale.trdInvcNo)}) · ${sale.receiptType === "R" ? "credit note" : "sale"} · KSh ${sale.totalAmount.toLocaleString("en-KE")}</p>`
      : "<h1>No such receipt</h1>";
    return reply
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>eTIMS receipt check (simulator)</title></head><body>${page}</body></html>`,
      );
  });
}
