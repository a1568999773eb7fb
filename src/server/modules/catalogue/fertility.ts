import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { fertilityTotals, inventoryItems, itemGenetics } from "../../db/schema";

/**
 * Whose rate an item shows (the database's `fertility_key`, migration 0028): a semen item its bull's (every
 * item with his registration, sexed and conventional), an embryo lot its own.
 */
export const fertilityKey = sql<string>`fertility_key(${inventoryItems.type}, ${itemGenetics.registration}, ${inventoryItems.id})`;

/** The kept totals behind a row's rate, joined as `fert` on the row's key (`leftJoin(fert, fertOfRow)`). */
export const fert = alias(fertilityTotals, "fert");
export const fertOfRow = eq(fert.key, fertilityKey);
