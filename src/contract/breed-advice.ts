/**
 * Breed advice by region keyword (SPEC section 9), matched case-insensitively anywhere in the question. A
 * region's Kiswahili name counts too, as a whole word ("kati" must not match "katika", "in").
 */
const adviceByRegion: [keywords: (string | RegExp)[], advice: string][] = [
  [
    ["central", /\bkati\b/],
    "For Central Kenya we recommend Holstein Friesian for dairy; it does well in the moderate climate.",
  ],
  [
    ["coastal", /\bpwani\b/],
    "For the Coast we recommend Boran and Zebu crosses, which tolerate heat and humidity.",
  ],
  [
    ["rift valley", /\bbonde la ufa\b/],
    "For the Rift Valley we recommend Ayrshire and Holstein crosses, suited to high altitude.",
  ],
  [["western", /\bmagharibi\b/], "For Western Kenya we recommend Jersey and Holstein for intensive dairy."],
  [
    ["northern", /\bkaskazini\b/],
    "For Northern Kenya we recommend Boran and indigenous breeds for arid conditions.",
  ],
  [["eastern", /\bmashariki\b/], "For Eastern Kenya we recommend Sahiwal and Zebu for semi-arid regions."],
];

export const FALLBACK_ADVICE =
  "Please specify your region for personalized breed recommendations based on local climate conditions.";

export function breedAdvice(question: string): string {
  const text = question.toLowerCase();
  const said = (k: string | RegExp) => (typeof k === "string" ? text.includes(k) : k.test(text));
  return adviceByRegion.find(([keywords]) => keywords.some(said))?.[1] ?? FALLBACK_ADVICE;
}

/** Every answer the assistant can give, for the translations' test. */
export const allBreedAdvice = [...adviceByRegion.map(([, advice]) => advice), FALLBACK_ADVICE];

/** Breeds to suggest for a farm location typed on the order portal (same keywords). */
export function breedsForLocation(location: string): string | null {
  const advice = breedAdvice(location);
  return advice === FALLBACK_ADVICE ? null : advice;
}
