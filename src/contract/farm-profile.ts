// Plain data, no Zod: the signup screen reads these before the validation library has loaded.
/** What a farmer tells us about their farm at signup. */
export const farmTypes = ["dairy", "beef", "mixed", "breeding", "other"] as const;
export const herdSizes = ["1-10", "11-50", "51-100", "101-500", "500+"] as const;
export const experienceLevels = ["beginner", "intermediate", "experienced", "expert"] as const;
export const experienceLabels: Record<(typeof experienceLevels)[number], string> = {
  beginner: "Beginner (0-2 yrs)",
  intermediate: "Intermediate (3-5 yrs)",
  experienced: "Experienced (6-10 yrs)",
  expert: "Expert (10+ yrs)",
};
export const counties = [
  "Nairobi",
  "Mombasa",
  "Nakuru",
  "Eldoret",
  "Kisumu",
  "Thika",
  "Malindi",
  "Kitale",
  "Garissa",
  "Kakamega",
  "Machakos",
  "Meru",
  "Nyeri",
  "Kericho",
  "Naivasha",
] as const;
export const interests = [
  "Dairy Cattle",
  "Beef Cattle",
  "Artificial Insemination",
  "Embryo Transfer",
  "Breeding Consultation",
  "Genetic Testing",
  "Feed Supplements",
  "Equipment",
] as const;
