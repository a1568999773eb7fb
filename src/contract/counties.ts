/**
 * Kenya's 47 counties with the farming conditions the Breed Assistant weighs: the county's main
 * agro-ecological zone, the altitude most of its farms sit at, how much heat stress cattle face there, and
 * the catalogue region (SPEC's six) whose suitability list a product must name. Zod-free: the assistant
 * reads it in the browser too.
 *
 * Zones follow Jaetzold's agro-ecological zones, simplified to six a farmer recognises. Heat stress is the
 * zone's, raised where most farms are low and hot (the lake basin, the coast, the arid north and east).
 */
export const zones = ["highland", "midland", "lake_basin", "semi_arid", "arid", "coastal"] as const;
export type Zone = (typeof zones)[number];

export const heatStressLevels = ["low", "moderate", "high"] as const;
export type HeatStress = (typeof heatStressLevels)[number];

/** SPEC's region names as the catalogue's region suitability spells them. */
export const catalogueRegions = [
  "Central",
  "Coastal",
  "Rift Valley",
  "Western",
  "Northern",
  "Eastern",
] as const;
export type CatalogueRegion = (typeof catalogueRegions)[number];

export interface County {
  name: string;
  zone: Zone;
  /** Metres above sea level, the range most of its farms lie in. */
  altitude: readonly [number, number];
  heatStress: HeatStress;
  region: CatalogueRegion;
}

const county = (
  name: string,
  zone: Zone,
  altitude: readonly [number, number],
  heatStress: HeatStress,
  region: CatalogueRegion,
): County => ({ name, zone, altitude, heatStress, region });

/** In the order of their county codes (001 Mombasa … 047 Nairobi). */
export const counties: readonly County[] = [
  county("Mombasa", "coastal", [0, 100], "high", "Coastal"),
  county("Kwale", "coastal", [0, 460], "high", "Coastal"),
  county("Kilifi", "coastal", [0, 400], "high", "Coastal"),
  county("Tana River", "arid", [0, 300], "high", "Coastal"),
  county("Lamu", "coastal", [0, 100], "high", "Coastal"),
  county("Taita-Taveta", "semi_arid", [500, 1500], "high", "Coastal"),
  county("Garissa", "arid", [70, 400], "high", "Northern"),
  county("Wajir", "arid", [150, 460], "high", "Northern"),
  county("Mandera", "arid", [200, 970], "high", "Northern"),
  county("Marsabit", "arid", [300, 1400], "high", "Northern"),
  county("Isiolo", "arid", [200, 1300], "high", "Northern"),
  county("Meru", "highland", [1300, 2100], "low", "Eastern"),
  county("Tharaka-Nithi", "midland", [600, 1800], "moderate", "Eastern"),
  county("Embu", "midland", [700, 1900], "moderate", "Eastern"),
  county("Kitui", "semi_arid", [400, 1200], "high", "Eastern"),
  county("Machakos", "semi_arid", [800, 1800], "moderate", "Eastern"),
  county("Makueni", "semi_arid", [600, 1600], "high", "Eastern"),
  county("Nyandarua", "highland", [2000, 3000], "low", "Central"),
  county("Nyeri", "highland", [1500, 2400], "low", "Central"),
  county("Kirinyaga", "midland", [1100, 2000], "low", "Central"),
  county("Murang'a", "highland", [1200, 2300], "low", "Central"),
  county("Kiambu", "highland", [1400, 2400], "low", "Central"),
  county("Turkana", "arid", [370, 900], "high", "Northern"),
  county("West Pokot", "semi_arid", [900, 2200], "moderate", "Rift Valley"),
  county("Samburu", "arid", [800, 1800], "high", "Northern"),
  county("Trans Nzoia", "highland", [1800, 2400], "low", "Rift Valley"),
  county("Uasin Gishu", "highland", [1800, 2700], "low", "Rift Valley"),
  county("Elgeyo-Marakwet", "highland", [1000, 2800], "low", "Rift Valley"),
  county("Nandi", "highland", [1500, 2400], "low", "Rift Valley"),
  county("Baringo", "semi_arid", [700, 2000], "high", "Rift Valley"),
  county("Laikipia", "semi_arid", [1500, 2400], "moderate", "Rift Valley"),
  county("Nakuru", "highland", [1500, 2800], "low", "Rift Valley"),
  county("Narok", "midland", [1000, 2500], "moderate", "Rift Valley"),
  county("Kajiado", "semi_arid", [500, 2000], "high", "Rift Valley"),
  county("Kericho", "highland", [1800, 2700], "low", "Rift Valley"),
  county("Bomet", "highland", [1700, 2400], "low", "Rift Valley"),
  county("Kakamega", "midland", [1250, 2000], "moderate", "Western"),
  county("Vihiga", "midland", [1300, 1800], "moderate", "Western"),
  county("Bungoma", "midland", [1200, 2000], "moderate", "Western"),
  county("Busia", "lake_basin", [1100, 1500], "high", "Western"),
  county("Siaya", "lake_basin", [1140, 1400], "high", "Western"),
  county("Kisumu", "lake_basin", [1130, 1800], "high", "Western"),
  county("Homa Bay", "lake_basin", [1130, 1800], "high", "Western"),
  county("Migori", "lake_basin", [1140, 1800], "moderate", "Western"),
  county("Kisii", "highland", [1500, 2200], "low", "Western"),
  county("Nyamira", "highland", [1250, 2100], "low", "Western"),
  county("Nairobi", "highland", [1500, 1900], "low", "Central"),
];

/** Spellings a farmer may type: without the apostrophe, run together, a part, or the main town. */
const otherNames: Record<string, string[]> = {
  "Taita-Taveta": ["taita", "taveta"],
  "Tharaka-Nithi": ["tharaka"],
  "Murang'a": ["muranga"],
  "Elgeyo-Marakwet": ["keiyo", "marakwet"],
  "Trans Nzoia": ["transnzoia", "kitale"],
  "Uasin Gishu": ["eldoret"],
  "Homa Bay": ["homabay"],
  Nyandarua: ["ol kalou", "olkalou"],
};

/** Lower case, a hyphen as a space and a curly apostrophe as a straight one: "Trans-Nzoia" is "trans nzoia". */
const plain = (s: string) =>
  s
    .toLowerCase()
    .replace(/-/g, " ")
    .replace(/\u2019/g, "'");

// The names hold no regular-expression characters, so they go into the pattern as they are.
const patterns = counties.map((c) => ({
  county: c,
  pattern: new RegExp(`(^|[^a-z])(${[plain(c.name), ...(otherNames[c.name] ?? [])].join("|")})($|[^a-z])`),
}));

/** The county a question or farm location names, as a whole word ("Meru", not "merupa"); null if none. */
export function findCounty(text: string): County | null {
  const said = plain(text);
  return patterns.find((p) => p.pattern.test(said))?.county ?? null;
}

/** A county by its name, whatever its case ("kilifi" is Kilifi). */
export const countyByName = (name: string): County | undefined =>
  counties.find((c) => c.name.toLowerCase() === name.trim().toLowerCase());
