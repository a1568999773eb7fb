/** Breed advice by region keyword (SPEC section 9), matched case-insensitively anywhere in the question. */
const adviceByRegion: [keyword: string, advice: string][] = [
  [
    "central",
    "For Central Kenya we recommend Holstein Friesian for dairy; it does well in the moderate climate.",
  ],
  ["coastal", "For the Coast we recommend Boran and Zebu crosses, which tolerate heat and humidity."],
  ["rift valley", "For the Rift Valley we recommend Ayrshire and Holstein crosses, suited to high altitude."],
  ["western", "For Western Kenya we recommend Jersey and Holstein for intensive dairy."],
  ["northern", "For Northern Kenya we recommend Boran and indigenous breeds for arid conditions."],
  ["eastern", "For Eastern Kenya we recommend Sahiwal and Zebu for semi-arid regions."],
];

export const FALLBACK_ADVICE =
  "Please specify your region for personalized breed recommendations based on local climate conditions.";

export function breedAdvice(question: string): string {
  const text = question.toLowerCase();
  return adviceByRegion.find(([keyword]) => text.includes(keyword))?.[1] ?? FALLBACK_ADVICE;
}

/** Breeds to suggest for a farm location typed on the order portal (same keywords). */
export function breedsForLocation(location: string): string | null {
  const advice = breedAdvice(location);
  return advice === FALLBACK_ADVICE ? null : advice;
}
