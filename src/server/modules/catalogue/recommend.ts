import type { z } from "zod";
import type { BreedGoal } from "../../../contract/breed-goals";
import type { catalogueQuery, Recommendation, recommendationQuery } from "../../../contract/catalogue";
import { type County, countyByName, type HeatStress } from "../../../contract/counties";
import { type ToleranceLevel, toleranceLevels } from "../../../contract/genetics";
import type { AppContext } from "../../context";
import { searchCatalogue } from "./search";

type Search = z.output<typeof catalogueQuery>;
type Ask = z.output<typeof recommendationQuery>;

/** How many products the assistant suggests at once. */
export const RECOMMENDATIONS = 3;

/**
 * The catalogue search each goal stands for. Milk ranks dairy bulls by their milk proof, beef ranks beef
 * breeds by daily gain, hardiness the most heat- and tick-tolerant, easy calving the fewest difficult births.
 */
const byGoal: Record<BreedGoal, Partial<Search> & Pick<Search, "sort">> = {
  milk: { category: "dairy", sort: "milk" },
  beef: { category: "beef", sort: "gain" },
  hardiness: { heatTolerance: "high", sort: "hardiness" },
  easy_calving: { calvingEaseMax: 8, sort: "calving_ease" },
};

/** Cattle that suffer in the heat do poorly where it is hot: the least tolerance of heat each level needs. */
const toleranceFor: Record<HeatStress, ToleranceLevel | undefined> = {
  low: undefined,
  moderate: "moderate",
  high: "high",
};

/** The higher of two least tolerances, in low < moderate < high; none when neither asks for one. */
const stricter = (a: ToleranceLevel | undefined, b: ToleranceLevel | undefined) =>
  a && b ? toleranceLevels[Math.max(toleranceLevels.indexOf(a), toleranceLevels.indexOf(b))] : (a ?? b);

/** The rules: the catalogue search that finds in-stock products for this farm and goal, best first. */
function recommendationSearch(county: County | null, region: string | null, goal: BreedGoal | null) {
  const wanted = goal ? byGoal[goal] : { sort: "index" as const };
  const search: Search = {
    limit: RECOMMENDATIONS,
    offset: 0,
    inStock: true,
    ...wanted,
    heatTolerance: stricter(wanted.heatTolerance, county ? toleranceFor[county.heatStress] : undefined),
    ...(region ? { region } : {}),
  };
  return search;
}

/**
 * In-stock products for a county (or region) and goal. When nothing in stock names the region as suitable,
 * the same search without the region still keeps the heat rule, and says the fit is not exact.
 */
export async function recommend(ctx: AppContext, ask: Ask): Promise<Recommendation> {
  const county = ask.county ? countyByName(ask.county)! : null;
  const region = county?.region ?? ask.region ?? null;
  const goal = ask.goal ?? null;
  const search = recommendationSearch(county, region, goal);
  let { products } = await searchCatalogue(ctx, search);
  let exact = true;
  if (products.length === 0 && region) {
    const { region: _, ...anywhere } = search;
    products = (await searchCatalogue(ctx, anywhere)).products;
    exact = false;
  }
  return {
    county: county && {
      name: county.name,
      zone: county.zone,
      altitude: [county.altitude[0], county.altitude[1]],
      heatStress: county.heatStress,
    },
    region,
    goal,
    exact,
    products,
  };
}
