import type { FastifyInstance } from "fastify";
import type { CatalogueProduct } from "../../contract/catalogue";
import { toleranceLevels } from "../../contract/genetics";

/** The whole catalogue as the API pages it: the oracle a search or a recommendation is checked against. */
export async function wholeCatalogue(app: FastifyInstance): Promise<CatalogueProduct[]> {
  const found: CatalogueProduct[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await app.inject({ method: "GET", url: `/api/catalogue?limit=100&offset=${offset}` });
    if (res.statusCode !== 200) throw new Error(`catalogue page at ${offset}: ${res.body}`);
    const page = res.json() as CatalogueProduct[];
    found.push(...page);
    if (page.length < 100) return found;
  }
}

/** A tolerance level's place in low < moderate < high; -1 when unknown. */
export const toleranceRank = (level: string | null | undefined): number =>
  level ? toleranceLevels.indexOf(level as (typeof toleranceLevels)[number]) : -1;
