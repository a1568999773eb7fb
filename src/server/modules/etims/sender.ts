import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { CompanySettings } from "../../../contract/settings";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { etimsDevice, etimsItems, taxDocuments } from "../../db/schema";
import { reissueCorrected } from "../invoices/issue";
import { readCompanySettings } from "../settings/company";
import { OscuClient, type OscuHeaders, OscuRefusal, OscuUnreachable } from "./oscu";
import { etimsItemCode, isGoods, itemPayload, salePayload, stockInPayload } from "./payload";

/**
 * The eTIMS queue's sender, run by every instance on the outbox's beat. KRA numbers a PIN's invoices
 * 1, 2, 3... and takes only the next one, so one instance sends at a time (a lease on the device row) and
 * in the order documents were issued. A document's KRA number is chosen as it is sent and kept only when KRA
 * accepts it: a refusal hands the number to the next document, and a send whose answer was lost is sent
 * again, as it was, before anything else (KRA answers it as before).
 */

type DocumentRow = typeof taxDocuments.$inferSelect;
const LEASE_MS = 60_000;
const BATCH = 25;

/** The wait before the next try after `attempts` sends got no answer: 30 s, doubling, at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);

async function takeLease(ctx: AppContext, token: string): Promise<boolean> {
  const now = ctx.clock.now();
  const [row] = await ctx.database.tx((db) =>
    db
      .update(etimsDevice)
      .set({ leaseToken: token, leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(
          eq(etimsDevice.id, 1),
          or(
            isNull(etimsDevice.leaseUntil),
            lte(etimsDevice.leaseUntil, now),
            eq(etimsDevice.leaseToken, token),
          ),
        ),
      )
      .returning({ id: etimsDevice.id }),
  );
  return row !== undefined;
}

const releaseLease = (ctx: AppContext, token: string) =>
  ctx.database.tx((db) =>
    db
      .update(etimsDevice)
      .set({ leaseToken: null, leaseUntil: null })
      .where(and(eq(etimsDevice.id, 1), eq(etimsDevice.leaseToken, token))),
  );

/**
 * The next document to send: one whose answer was lost first (it holds its KRA number), then the oldest
 * queued one that is due. A credit note waits until KRA has its invoice.
 */
async function nextDocument(db: Db, now: Date): Promise<DocumentRow | null> {
  const [sending] = await db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.etimsStatus, "sending"))
    .orderBy(asc(taxDocuments.id))
    .limit(1);
  if (sending) return sending.etimsDueAt <= now ? sending : null;
  const [queued] = await db
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.etimsStatus, "queued"),
        lte(taxDocuments.etimsDueAt, now),
        sql`(${taxDocuments.originalId} is null or exists (select 1 from tax_documents o
              where o.id = ${taxDocuments.originalId} and o.etims_status = 'accepted'))`,
      ),
    )
    .orderBy(asc(taxDocuments.id))
    .limit(1);
  return queued ?? null;
}

/** The device's key for the company's PIN and branch, initialising it with KRA the first time. */
async function headersFor(ctx: AppContext, oscu: OscuClient, company: CompanySettings): Promise<OscuHeaders> {
  const tin = company.kraPin!;
  const [device] = await ctx.database.read((db) => db.select().from(etimsDevice));
  if (device?.cmcKey && device.tin === tin && device.bhfId === company.bhfId) {
    return { tin, bhfId: company.bhfId, cmcKey: device.cmcKey };
  }
  const info = await oscu.initialise(tin, company.bhfId);
  // A new PIN or branch is a new device to KRA, whose invoice numbers start again at 1.
  await ctx.database.tx((db) =>
    db
      .update(etimsDevice)
      .set({ tin, bhfId: company.bhfId, ...info, lastInvcNo: 0, lastSarNo: 0 })
      .where(eq(etimsDevice.id, 1)),
  );
  return { tin, bhfId: company.bhfId, cmcKey: info.cmcKey };
}

/**
 * Before a sale, KRA must know each item (registered with its tax type and class) and hold stock of it:
 * an item is registered again when its tax type or class changed, and stock KRA does not know of is
 * reported as an adjustment in.
 */
async function prepareItems(ctx: AppContext, oscu: OscuClient, headers: OscuHeaders, doc: DocumentRow) {
  for (const line of doc.lines) {
    const payload = itemPayload(line);
    const itemCd = etimsItemCode(line);
    const [known] = await ctx.database.read((db) =>
      db
        .select()
        .from(etimsItems)
        .where(and(eq(etimsItems.itemCd, itemCd), eq(etimsItems.tin, headers.tin))),
    );
    if (!known || known.taxType !== payload.taxTyCd || known.classCode !== payload.itemClsCd) {
      await oscu.saveItem(headers, payload);
      const row = {
        itemCd,
        tin: headers.tin,
        taxType: String(payload.taxTyCd),
        classCode: String(payload.itemClsCd),
        name: line.name,
      };
      await ctx.database.tx((db) =>
        db
          .insert(etimsItems)
          .values(row)
          .onConflictDoUpdate({
            target: etimsItems.itemCd,
            set: { ...row, reportedStock: known?.tin === headers.tin ? known.reportedStock : 0 },
          }),
      );
    }
    if (doc.kind !== "invoice" || !isGoods(line)) continue;
    const reported = known?.tin === headers.tin ? known.reportedStock : 0;
    if (reported >= line.quantity) continue;
    const needed = line.quantity - reported;
    const [device] = await ctx.database.read((db) => db.select().from(etimsDevice));
    const sarNo = device!.lastSarNo + 1;
    await oscu.insertStockIO(headers, stockInPayload(line, needed, sarNo, ctx.clock.now()));
    await oscu.saveStockMaster(headers, {
      itemCd,
      rsdQty: line.quantity,
      regrId: "urithi",
      regrNm: "Urithi",
      modrId: "urithi",
      modrNm: "Urithi",
    });
    await ctx.database.tx(async (db) => {
      await db.update(etimsDevice).set({ lastSarNo: sarNo }).where(eq(etimsDevice.id, 1));
      await db.update(etimsItems).set({ reportedStock: line.quantity }).where(eq(etimsItems.itemCd, itemCd));
    });
  }
}

/** What KRA's stock of each goods item becomes once the sale or credit note is in. */
async function afterSale(db: Db, doc: DocumentRow) {
  for (const line of doc.lines.filter(isGoods)) {
    const delta = doc.kind === "invoice" ? -line.quantity : line.quantity;
    await db
      .update(etimsItems)
      .set({ reportedStock: sql`greatest(${etimsItems.reportedStock} + ${delta}, 0)` })
      .where(eq(etimsItems.itemCd, etimsItemCode(line)));
  }
}

/** What became of one send: KRA took it, refused it (the queue goes on), or did not answer (the queue waits). */
type Outcome = "accepted" | "refused" | "waiting";

/** Sends one document. */
async function sendOne(
  ctx: AppContext,
  oscu: OscuClient,
  company: CompanySettings,
  doc: DocumentRow,
  headers: () => Promise<OscuHeaders>,
): Promise<Outcome> {
  const now = ctx.clock.now();
  let invcNo = doc.etimsInvcNo;
  let device: OscuHeaders;
  try {
    device = await headers();
  } catch (error) {
    // The device, not the document, is at fault: the document keeps its place and waits.
    await noAnswer(ctx, doc, `eTIMS device: ${(error as Error).message}`);
    return "waiting";
  }
  try {
    if (invcNo === null) {
      // The next KRA number, written down before the send so that a lost answer is retried with it.
      invcNo = await ctx.database.tx(async (db) => {
        const [device] = await db.select().from(etimsDevice).for("update");
        const next = device!.lastInvcNo + 1;
        await db
          .update(taxDocuments)
          .set({ etimsStatus: "sending", etimsInvcNo: next, etimsLastAttemptAt: now })
          .where(eq(taxDocuments.id, doc.id));
        return next;
      });
    }
    await prepareItems(ctx, oscu, device, doc);
    const [original] = doc.originalId
      ? await ctx.database.read((db) =>
          db
            .select({ invcNo: taxDocuments.etimsInvcNo })
            .from(taxDocuments)
            .where(eq(taxDocuments.id, doc.originalId!)),
        )
      : [];
    const receipt = await oscu.saveSale(
      device,
      salePayload(doc, company, { invcNo, orgInvcNo: original?.invcNo ?? 0 }),
    );
    await ctx.database.tx(async (db) => {
      await db
        .update(taxDocuments)
        .set({
          etimsStatus: "accepted",
          etimsAttempts: doc.etimsAttempts + 1,
          etimsLastAttemptAt: now,
          etimsError: null,
          receiptNo: Number(receipt.curRcptNo),
          totalReceiptNo: Number(receipt.totRcptNo),
          internalData: receipt.intrlData,
          signature: receipt.rcptSign,
          sdcId: (await db.select({ sdcId: etimsDevice.sdcId }).from(etimsDevice))[0]?.sdcId ?? null,
          sdcDateTime: receipt.sdcDateTime,
        })
        .where(eq(taxDocuments.id, doc.id));
      await db
        .update(etimsDevice)
        .set({ lastInvcNo: sql`greatest(${etimsDevice.lastInvcNo}, ${invcNo})` })
        .where(eq(etimsDevice.id, 1));
      await afterSale(db, doc);
    });
    return "accepted";
  } catch (error) {
    if (error instanceof OscuRefusal) {
      // Refused: the number stays free for the next document; a person fixes this one and sends it again.
      await ctx.database.tx((db) =>
        db
          .update(taxDocuments)
          .set({
            etimsStatus: "refused",
            etimsInvcNo: null,
            etimsAttempts: doc.etimsAttempts + 1,
            etimsLastAttemptAt: now,
            etimsError: error.message,
          })
          .where(eq(taxDocuments.id, doc.id)),
      );
      return "refused";
    }
    await noAnswer(
      ctx,
      doc,
      error instanceof OscuUnreachable ? error.message : `Not sent: ${(error as Error).message}`,
    );
    return "waiting";
  }
}

/** No answer from KRA: the document is tried again after a wait that grows with each try. */
async function noAnswer(ctx: AppContext, doc: DocumentRow, reason: string) {
  const now = ctx.clock.now();
  const attempts = doc.etimsAttempts + 1;
  await ctx.database.tx((db) =>
    db
      .update(taxDocuments)
      .set({
        etimsAttempts: attempts,
        etimsLastAttemptAt: now,
        etimsError: reason,
        etimsDueAt: new Date(now.getTime() + retryDelayMs(attempts)),
      })
      .where(eq(taxDocuments.id, doc.id)),
  );
}

/** Sends what is due, in order, while this instance holds the lease. Answers how many KRA took. */
export async function sendEtimsDocuments(ctx: AppContext): Promise<number> {
  if (ctx.config.etims.mode === "off") return 0;
  // Nothing due: no lease, no write. This runs every few seconds on every instance.
  if (!(await ctx.database.read((db) => nextDocument(db, ctx.clock.now())))) return 0;
  const company = await readCompanySettings(ctx);
  if (!company.kraPin) return 0;
  const token = randomUUID();
  if (!(await takeLease(ctx, token))) return 0;
  const oscu = new OscuClient(ctx.config.etims);
  let known: Promise<OscuHeaders> | null = null;
  const headers = () => {
    known ??= headersFor(ctx, oscu, company);
    return known;
  };
  let accepted = 0;
  try {
    for (let i = 0; i < BATCH; i++) {
      // Read again under the lease: another instance may have sent what was due a moment ago.
      const doc = await ctx.database.read((db) => nextDocument(db, ctx.clock.now()));
      if (!doc || !(await takeLease(ctx, token))) break;
      const outcome = await sendOne(ctx, oscu, company, doc, headers);
      if (outcome === "accepted") accepted++;
      if (outcome === "waiting") break;
    }
  } finally {
    await releaseLease(ctx, token);
  }
  return accepted;
}

/**
 * Sends a refused or waiting document again at the next beat, once a person fixed what KRA refused: a
 * refused invoice whose items were corrected is issued again (reissueCorrected), the rest go as they are.
 */
export async function resendDocuments(
  ctx: AppContext,
  ids: number[],
  actorUserId: number | null,
): Promise<number> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const docs = await db
      .select()
      .from(taxDocuments)
      .where(
        and(
          inArray(taxDocuments.id, ids),
          inArray(taxDocuments.etimsStatus, ["refused", "queued", "sending"]),
        ),
      )
      .orderBy(asc(taxDocuments.id))
      .for("update");
    for (const doc of docs) {
      if (await reissueCorrected(db, doc, { actorUserId, now })) continue;
      await db
        .update(taxDocuments)
        .set({ etimsStatus: doc.etimsStatus === "refused" ? "queued" : doc.etimsStatus, etimsDueAt: now })
        .where(eq(taxDocuments.id, doc.id));
    }
    return docs.length;
  });
}
