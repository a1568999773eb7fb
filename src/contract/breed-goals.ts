/**
 * What a farmer wants from the next calf, as the Breed Assistant reads it from a question in English or
 * Kiswahili. Zod-free: the assistant reads it in the browser.
 */
export const breedGoals = ["milk", "beef", "hardiness", "easy_calving"] as const;
export type BreedGoal = (typeof breedGoals)[number];

/** Words that name each goal, matched at the start of a word ("maziwa", "milking", "beefy"). */
const goalWords: Record<BreedGoal, string[]> = {
  // Calving first: "easy calving for my dairy cows" asks about calving, not milk.
  easy_calving: ["easy calving", "calving ease", "calving", "heifer", "kuzaa", "kuzalisha kwa urahisi"],
  hardiness: [
    "hardy",
    "hardiness",
    "hardier",
    "drought",
    "heat",
    "tick",
    "disease",
    "tough",
    "joto",
    "ukame",
    "kupe",
    "kustahimili",
    "magonjwa",
  ],
  beef: ["beef", "meat", "weight", "fattening", "growth", "nyama", "uzito", "kunenepesha"],
  milk: ["milk", "dairy", "maziwa", "lactation"],
};

const order: BreedGoal[] = ["easy_calving", "hardiness", "beef", "milk"];

/** The goal a question names, the first of calving, hardiness, beef and milk that it mentions; null if none. */
export function findGoal(text: string): BreedGoal | null {
  const said = ` ${text.toLowerCase().replace(/[^a-z' ]+/g, " ")}`;
  return order.find((goal) => goalWords[goal].some((word) => said.includes(` ${word}`))) ?? null;
}
