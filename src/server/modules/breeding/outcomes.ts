import { sql } from "drizzle-orm";
import { breedingRecords } from "../../db/schema";

/**
 * A service's outcome, defined once for the dashboard's AI and ET rates, the pregnancy rate and the
 * catalogue's measured fertility: pregnant or calved over services whose outcome is known (everything but
 * "breeding", still waiting for the diagnosis).
 */
export const knownOutcome = sql`${breedingRecords.status} <> 'breeding'`;
export const conceived = sql`${breedingRecords.status} in ('pregnant', 'calved')`;
