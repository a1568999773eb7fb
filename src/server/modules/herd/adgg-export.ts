import { and, asc, eq, gt, type SQL, sql } from "drizzle-orm";
import { csvLine } from "../../../contract/csv";
import type { CowEventType } from "../../../contract/herd-rules";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { cowEvents, cows, orderLines, stockBatches, users } from "../../db/schema";

/** Rows read per statement: the export walks the tables by id and never holds a result set whole. */
const PAGE = 2_000;

type Cell = string | number | boolean | null;

/**
 * Each file's columns, in ADGG's event model (animal registration, heat, AI, PD, calving, exit), named
 * in its snake_case style. The farmer is a pseudonym and the place a county: the export is for research
 * partners and county programmes, who need the animal's history, not who owns it (decision 33).
 */
const files: Record<"animals" | CowEventType, { name: string; columns: string[] }> = {
  animals: {
    name: "animal_registration.csv",
    columns: [
      "animal_id",
      "tag_id",
      "animal_name",
      "sex",
      "breed",
      "birth_date",
      "dam_id",
      "parity",
      "last_calving_date",
      "status",
      "farmer_id",
      "county",
      "registration_date",
    ],
  },
  heat: {
    name: "heat.csv",
    columns: ["event_id", "animal_id", "farmer_id", "county", "heat_date", "data_source"],
  },
  insemination: {
    name: "insemination.csv",
    columns: [
      "event_id",
      "animal_id",
      "farmer_id",
      "county",
      "service_date",
      "service_time",
      "service_type",
      "bull_name",
      "bull_id",
      "semen_type",
      "straw_batch",
      "other_semen",
      "inseminator",
      "body_condition_score",
      "am_pm_ok",
      "data_source",
    ],
  },
  pd: {
    name: "pregnancy_diagnosis.csv",
    columns: [
      "event_id",
      "animal_id",
      "farmer_id",
      "county",
      "pd_date",
      "pd_result",
      "pd_method",
      "examiner",
      "data_source",
    ],
  },
  calving: {
    name: "calving.csv",
    columns: [
      "event_id",
      "animal_id",
      "farmer_id",
      "county",
      "calving_date",
      "calving_ease",
      "calf_sex",
      "calf_status",
      "calf_tag_id",
      "calf_animal_id",
      "data_source",
    ],
  },
  exit: {
    name: "exit.csv",
    columns: ["event_id", "animal_id", "farmer_id", "county", "exit_date", "exit_reason", "data_source"],
  },
};

const farmerId = (userId: number) => `F${userId}`;
const animalId = (cowId: number | null) => (cowId === null ? null : `A${cowId}`);

/** Walks `read(afterId)` page by page, appending each row's cells as a CSV line. */
async function csvOf(
  columns: string[],
  read: (afterId: number) => Promise<{ id: number; cells: Cell[] }[]>,
): Promise<string> {
  const lines = [csvLine(columns)];
  for (let after = 0; ; ) {
    const page = await read(after);
    for (const row of page)
      lines.push(csvLine(row.cells.map((c) => (typeof c === "boolean" ? String(c) : c))));
    if (page.length < PAGE) return lines.join("");
    after = page.at(-1)!.id;
  }
}

const animalRows = (db: Db) => (after: number) =>
  db
    .select({ cow: cows, county: users.county })
    .from(cows)
    .innerJoin(users, eq(users.id, cows.ownerUserId))
    .where(gt(cows.id, after))
    .orderBy(asc(cows.id))
    .limit(PAGE)
    .then((rows) =>
      rows.map(({ cow, county }) => ({
        id: cow.id,
        cells: [
          animalId(cow.id),
          cow.tag,
          cow.name,
          "female",
          cow.breed,
          cow.birthDate,
          animalId(cow.damId),
          cow.parity,
          cow.lastCalvingDate,
          cow.status,
          farmerId(cow.ownerUserId),
          county,
          cow.createdAt.toISOString().slice(0, 10),
        ],
      })),
    );

/** The cells each event type adds after its id, animal, farmer and county. */
function eventCells(type: CowEventType, e: typeof cowEvents.$inferSelect, straw: StrawFacts): Cell[] {
  switch (type) {
    case "heat":
      return [e.date, e.source];
    case "insemination":
      return [
        e.date,
        e.time,
        "AI",
        straw.bullName,
        straw.bullCode,
        straw.semenType,
        straw.batch,
        e.otherSemen,
        e.technician,
        e.bodyCondition,
        e.amPmOk,
        e.source,
      ];
    case "pd":
      return [e.date, e.pdResult, e.pdMethod, e.examiner, e.source];
    case "calving":
      return [
        e.date,
        e.calvingEase,
        e.calfSex,
        e.calfAlive === null ? null : e.calfAlive ? "alive" : "dead",
        e.calfTag,
        animalId(e.calfCowId),
        e.source,
      ];
    case "exit":
      return [e.date, e.exitReason, e.source];
  }
}

interface StrawFacts {
  bullName: string | null;
  bullCode: string | null;
  semenType: string | null;
  batch: string | null;
}

const eventRows = (db: Db, type: CowEventType) => (after: number) =>
  db
    .select({
      event: cowEvents,
      owner: cows.ownerUserId,
      county: users.county,
      bullName: orderLines.bullName,
      bullCode: orderLines.bullCode,
      semenType: sql<string | null>`${orderLines.semenType}::text`,
      batch: stockBatches.code,
    })
    .from(cowEvents)
    .innerJoin(cows, eq(cows.id, cowEvents.cowId))
    .innerJoin(users, eq(users.id, cows.ownerUserId))
    .leftJoin(orderLines, eq(orderLines.id, cowEvents.orderLineId))
    .leftJoin(stockBatches, eq(stockBatches.id, cowEvents.batchId))
    .where(and(eq(cowEvents.type, type), gt(cowEvents.id, after)) as SQL)
    .orderBy(asc(cowEvents.id))
    .limit(PAGE)
    .then((rows) =>
      rows.map((r) => ({
        id: r.event.id,
        cells: [
          r.event.id,
          animalId(r.event.cowId),
          farmerId(r.owner),
          r.county,
          ...eventCells(type, r.event, r),
        ],
      })),
    );

/**
 * GET /api/exports/adgg.zip: every herd's animals and events, one CSV per event type, in one read-only
 * snapshot so the files agree with each other.
 */
export async function adggExport(ctx: AppContext): Promise<Uint8Array> {
  // The zip library is loaded by the first export, not at start (decision 46).
  const { strToU8, zipSync } = await import("fflate");
  return ctx.database.read(async (db) => {
    const zipped: Record<string, Uint8Array> = {};
    for (const [kind, file] of Object.entries(files) as [keyof typeof files, (typeof files)["animals"]][]) {
      const csv =
        kind === "animals"
          ? await csvOf(file.columns, animalRows(db))
          : await csvOf(file.columns, eventRows(db, kind));
      zipped[file.name] = strToU8(csv);
    }
    return zipSync(zipped, { level: 6, mtime: ctx.clock.now() });
  });
}
