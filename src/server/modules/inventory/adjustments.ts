import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  type InventoryItem,
  type writeOffInputSchema,
  writeOffReasonLabels,
} from "../../../contract/inventory";
import type { AppContext } from "../../context";
import { inventoryItems } from "../../db/schema";
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
    const note = input.note ? `${reason}: ${input.note}` : reason;
    if (input.batchId !== undefined) await batchOf(db, id, input.batchId);
    await writeOffStock(
      db,
      id,
      { quantity: input.quantity, note, batchId: input.batchId },
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
