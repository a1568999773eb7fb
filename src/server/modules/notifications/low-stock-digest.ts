import type { AppContext } from "../../context";
import { claimDay } from "../../db/day-claim";
import { EAT_OFFSET_MS, nairobiDate } from "../../time";
import { lowStockItems } from "../inventory/low-stock";
import { messageRows, writeMessages } from "./outbox";
import { rolesWith, staffReaders } from "./readers";

/** The digest goes out from this hour of the Nairobi morning. */
export const DIGEST_HOUR = 7;
/** Who restocks: everyone who may change inventory (Directors, the Chief Scientist, the lab). */
const digestRoles = rolesWith("inventory:write");

/**
 * Once a Nairobi day, from 7:00, emails the items at or under the low-stock line to those who restock. The
 * day is claimed with one conditional upsert, so of several instances exactly one sends it; a day with no
 * low stock sends nothing. Answers how many emails were written.
 */
export async function sendLowStockDigest(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const nairobiHour = new Date(now.getTime() + EAT_OFFSET_MS).getUTCHours();
  if (nairobiHour < DIGEST_HOUR) return 0;
  const day = nairobiDate(now);
  return ctx.database.tx(async (db) => {
    if (!(await claimDay(db, "low_stock_digest_day", day, now))) return 0;
    const lowStock = await lowStockItems(db, {});
    if (lowStock.length === 0) return 0;
    const staff = await staffReaders(db, digestRoles);
    return writeMessages(
      db,
      staff.flatMap((person) =>
        messageRows({
          kind: "low_stock_digest",
          reader: person,
          facts: { lowStock },
          channels: ["email"],
          dedupeKey: `low-stock:${day}:${person.userId}`,
          now,
        }),
      ),
    );
  });
}
