import { type Genetics, geneticsSchema } from "../../../contract/genetics";
import type { Db } from "../../db/adapter";
import { itemGenetics } from "../../db/schema";

type GeneticsRow = typeof itemGenetics.$inferSelect;

const keys = Object.keys(geneticsSchema.shape) as (keyof Genetics)[];

/** Every key present, unknown figures null: what the form leaves out becomes unknown, not "unchanged". */
function complete(genetics: Genetics): Genetics {
  return Object.fromEntries(keys.map((k) => [k, genetics[k] ?? null])) as Genetics;
}

const noGenetics = complete(geneticsSchema.parse({}));

/** The row as the contract shows it: the same keys; an item without a row has nothing known. */
export function toGenetics(row: GeneticsRow | null): Genetics {
  if (!row) return noGenetics;
  const { inventoryItemId: _, ...genetics } = row;
  return genetics;
}

/** Writes an item's genetics whole. */
export async function saveGenetics(db: Db, inventoryItemId: number, genetics: Genetics): Promise<void> {
  const set = complete(genetics);
  await db
    .insert(itemGenetics)
    .values({ ...set, inventoryItemId })
    .onConflictDoUpdate({ target: itemGenetics.inventoryItemId, set });
}

/** Genetics for items that have none yet, in one statement (receipts in bulk, the demo seed). */
export async function insertGenetics(db: Db, rows: { inventoryItemId: number; genetics: Genetics }[]) {
  if (rows.length === 0) return;
  await db
    .insert(itemGenetics)
    .values(rows.map((r) => ({ ...complete(r.genetics), inventoryItemId: r.inventoryItemId })));
}
