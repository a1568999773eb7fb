import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  type InventoryItem,
  type writeOffInputSchema,
  writeOffReasonLabels,
} from "../../../contract/inventory";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { canes, inventoryItems } from "../../db/schema";
import { unprocessable } from "../../errors";
import { nairobiDate } from "../../time";
import { batchOf } from "./batches";
import { loadItem } from "./service";
import { expireOutdatedItems, renewExpiredBatchPicks, writeOffExpiredBatches, writeOffStock } from "./stock";

/** Writes units off with a reason (and a note), as one stock movement. */
export function writeOff(
  ctx: AppContext,
  id: number,
  input: z.output<typeof writeOffInputSchema>,
  actorUserId: number,
): Promise<InventoryItem> {
  return ctx.database.tx(async (db) => {
    const reason = writeOffReasonLabels[input.reason];
    if (input.batchId !== undefined) await batchOf(db, id, input.batchId);
    const cane = input.caneId === undefined ? null : await caneLabelOf(db, input.caneId);
    const note = [cane ? `${reason} (from ${cane})` : reason, input.note].filter(Boolean).join(": ");
    await writeOffStock(
      db,
      id,
      { quantity: input.quantity, note, batchId: input.batchId, caneId: input.caneId },
      { actorUserId, now: ctx.clock.now() },
    );
    return loadItem(db, eq(inventoryItems.id, id));
  });
}

/** The background job's part: items past their expiry date (Nairobi calendar) become expired. */
export function expireItems(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  return ctx.database.tx((db) => expireOutdatedItems(db, { today: nairobiDate(now), now }));
}

/** Picks from batches that have expired are made again from unexpired straws (`renewExpiredBatchPicks`). */
export function renewExpiredPicksJob(ctx: AppContext): Promise<number> {
  return ctx.database.tx((db) => renewExpiredBatchPicks(db, ctx.clock.now()));
}

/** Then the expired batches' free straws are written off (`writeOffExpiredBatches`). */
export function writeOffExpiredBatchesJob(ctx: AppContext): Promise<number> {
  return ctx.database.tx((db) => writeOffExpiredBatches(db, ctx.clock.now()));
}

/** A named cane's label, for the history; 422 when there is no such cane. */
async function caneLabelOf(db: Db, caneId: number): Promise<string> {
  const [cane] = await db.select({ label: canes.label }).from(canes).where(eq(canes.id, caneId));
  if (!cane)
    throw unprocessable("Unknown position", { caneId: "Choose a cane or goblet that holds the item" });
  return cane.label;
}
