import { sql } from "drizzle-orm";
import { breedingRecords } from "../../db/schema";

/**
 * A service's outcome, defined once for the dashboard's AI and ET rates, the pregnancy rate and the
 * catalogue's measured fertility: pregnant or calved over services whose outcome is known (everything but
 * "breeding", still waiting for the diagnosis).
 */
export const knownOutcome = sql`${breedingRecords.status} <> 'breeding'`;
export const conceived = sql`${breedingRecords.status} in ('pregnant', 'calved')`;

const confirmed = sql`${breedingRecords.outcomeSource} = 'confirmed'`;
const reported = sql`${breedingRecords.outcomeSource} = 'farmer'`;

/** The four counts a rate is drawn from (`fertilityOfOutcomes`), as aggregates over breeding records. */
export const outcomeCounts = {
  services: sql<number>`count(*) filter (where ${confirmed} and ${knownOutcome})::int`,
  conceptions: sql<number>`count(*) filter (where ${confirmed} and ${conceived})::int`,
  reportedServices: sql<number>`count(*) filter (where ${reported} and ${knownOutcome})::int`,
  reportedConceptions: sql<number>`count(*) filter (where ${reported} and ${conceived})::int`,
};
