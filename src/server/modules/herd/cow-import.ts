import { and, eq, inArray, sql } from "drizzle-orm";
import { COW_IMPORT_MAX_ROWS, cowCsvColumns, cowInputSchema } from "../../../contract/herd";
import type { AppContext } from "../../context";
import { cows } from "../../db/schema";
import { validationError } from "../../errors";
import { checkCowDays, newCow } from "./cows";

/** A header cell as it names a column: "Birth date", "birth_date" and "birthDate" are one. */
const columnKey = (header: string) => header.toLowerCase().replace(/[^a-z]/g, "");
const columnOf = new Map(cowCsvColumns.map((c) => [columnKey(c), c]));

/**
 * POST /api/client/cows/import: adds a herd from a CSV in one go. Each row is checked as the add form checks a
 * cow, and a tag already in the herd or twice in the file is refused: all the cows are added, or none, with
 * every refused row named (`fields`: "row 3": why), so nothing is half-imported.
 */
export async function importCows(
  ctx: AppContext,
  userId: number,
  csv: string,
): Promise<{ imported: number }> {
  const now = ctx.clock.now();
  // The CSV parser is loaded by the first import, not at start (decision 46).
  const { parse } = await import("csv-parse/sync");
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ""), {
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
  } catch (error) {
    throw validationError(`This is not a CSV file we can read: ${(error as Error).message}`, {
      csv: "Not a CSV file",
    });
  }
  const [header = [], ...rows] = records;
  const columns = header.map((h) => columnOf.get(columnKey(h)));
  if (!columns.includes("tag") || !columns.includes("breed")) {
    throw validationError("The first row must name the columns: tag and breed at least", {
      csv: "Name the columns tag and breed",
    });
  }
  if (rows.length === 0) throw validationError("The file has no cows", { csv: "The file has no cows" });
  if (rows.length > COW_IMPORT_MAX_ROWS) {
    throw validationError(`At most ${COW_IMPORT_MAX_ROWS} cows a file`, {
      csv: `At most ${COW_IMPORT_MAX_ROWS} cows a file`,
    });
  }
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  const cowsToAdd = rows.flatMap((cells, i) => {
    const where = `row ${i + 2}`;
    const fields = Object.fromEntries(
      columns.flatMap((c, j) => (c && cells[j] ? [[c, c === "parity" ? Number(cells[j]) : cells[j]]] : [])),
    );
    const parsed = cowInputSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      problems[where] = issue.message;
      return [];
    }
    try {
      checkCowDays(parsed.data, now);
    } catch (error) {
      problems[where] = (error as Error).message;
      return [];
    }
    const key = parsed.data.tag.toLowerCase();
    if (seen.has(key)) {
      problems[where] = `tag ${parsed.data.tag} is twice in the file`;
      return [];
    }
    seen.add(key);
    return [{ row: where, ...parsed.data }];
  });
  return ctx.database.tx(async (db) => {
    const taken = await db
      .select({ tag: sql<string>`lower(${cows.tag})` })
      .from(cows)
      .where(and(eq(cows.ownerUserId, userId), inArray(sql`lower(${cows.tag})`, [...seen])));
    const inHerd = new Set(taken.map((t) => t.tag));
    for (const c of cowsToAdd) {
      if (inHerd.has(c.tag.toLowerCase())) problems[c.row] = `tag ${c.tag} is already in your herd`;
    }
    const refused = Object.keys(problems).length;
    if (refused > 0) {
      throw validationError(
        `${refused} row${refused === 1 ? "" : "s"} could not be added, so no cow was: correct them and try again`,
        problems,
      );
    }
    await db.insert(cows).values(cowsToAdd.map((c) => newCow(userId, c, now)));
    return { imported: cowsToAdd.length };
  });
}
