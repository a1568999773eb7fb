import { findGoal } from "./breed-goals";
import type { RecommendationAsk } from "./catalogue";
import { type CatalogueRegion, findCounty } from "./counties";

/**
 * Breed advice by region keyword (SPEC section 9), matched case-insensitively anywhere in the question. A
 * region's Kiswahili name counts too, as a whole word ("kati" must not match "katika", "in").
 */
const adviceByRegion: [region: CatalogueRegion, keywords: (string | RegExp)[], advice: string][] = [
  [
    "Central",
    ["central", /\bkati\b/],
    "For Central Kenya we recommend Holstein Friesian for dairy; it does well in the moderate climate.",
  ],
  [
    "Coastal",
    ["coastal", /\bpwani\b/],
    "For the Coast we recommend Boran and Zebu crosses, which tolerate heat and humidity.",
  ],
  [
    "Rift Valley",
    ["rift valley", /\bbonde la ufa\b/],
    "For the Rift Valley we recommend Ayrshire and Holstein crosses, suited to high altitude.",
  ],
  [
    "Western",
    ["western", /\bmagharibi\b/],
    "For Western Kenya we recommend Jersey and Holstein for intensive dairy.",
  ],
  [
    "Northern",
    ["northern", /\bkaskazini\b/],
    "For Northern Kenya we recommend Boran and indigenous breeds for arid conditions.",
  ],
  [
    "Eastern",
    ["eastern", /\bmashariki\b/],
    "For Eastern Kenya we recommend Sahiwal and Zebu for semi-arid regions.",
  ],
];

export const FALLBACK_ADVICE =
  "Please specify your region for personalized breed recommendations based on local climate conditions.";

const regionSaid = (question: string) => {
  const text = question.toLowerCase();
  const said = (k: string | RegExp) => (typeof k === "string" ? text.includes(k) : k.test(text));
  return adviceByRegion.find(([, keywords]) => keywords.some(said));
};

export function breedAdvice(question: string): string {
  return regionSaid(question)?.[2] ?? FALLBACK_ADVICE;
}

/** Every answer the assistant can give, for the translations' test. */
export const allBreedAdvice = [...adviceByRegion.map(([, , advice]) => advice), FALLBACK_ADVICE];

/** Breeds to suggest for a farm location typed on the order portal (same keywords). */
export function breedsForLocation(location: string): string | null {
  const advice = breedAdvice(location);
  return advice === FALLBACK_ADVICE ? null : advice;
}

/**
 * What a question asks the catalogue for: the county it names (or else the region), and the goal. Null
 * when it names none of them, and the assistant only asks where the farm is.
 */
export function askOf(question: string): RecommendationAsk | null {
  const county = findCounty(question);
  const region = county ? undefined : regionSaid(question)?.[0];
  const goal = findGoal(question) ?? undefined;
  if (!county && !region && !goal) return null;
  return { county: county?.name, region, goal };
}

/**
 * The region advice for a question: SPEC's answer for the region keyword it contains, else the answer for
 * the region of the county it names, else the request to say where the farm is.
 */
export function adviceFor(question: string): string {
  const ofCounty = () => {
    const county = findCounty(question);
    return county && adviceByRegion.find(([region]) => region === county.region);
  };
  return (regionSaid(question) ?? ofCounty())?.[2] ?? FALLBACK_ADVICE;
}
