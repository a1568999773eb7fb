import { z } from "zod";
import { isoDate, text } from "./primitives";

/**
 * Structured genetics of a catalogue item: a bull's proof for semen, the mating and the embryo's IETS
 * stage-grade for embryos. Every figure is optional: a young bull has no daughters yet, a local lot may come
 * without a proof. For embryos the proof figures are the sire's.
 */
export const semenTypes = ["conventional", "sexed"] as const;
export type SemenType = (typeof semenTypes)[number];
export const proofSources = ["genomic", "daughter_proven"] as const;
export const toleranceLevels = ["low", "moderate", "high"] as const;
export type ToleranceLevel = (typeof toleranceLevels)[number];
export const embryoPreservations = ["fresh", "frozen", "vitrified"] as const;
export const embryoProductions = ["in_vivo", "in_vitro"] as const;

export const semenTypeLabels: Record<SemenType, string> = { conventional: "Conventional", sexed: "Sexed" };
export const proofSourceLabels: Record<(typeof proofSources)[number], string> = {
  genomic: "Genomic",
  daughter_proven: "Daughter-proven",
};
export const toleranceLabels: Record<ToleranceLevel, string> = {
  low: "Low",
  moderate: "Moderate",
  high: "High",
};
export const preservationLabels: Record<(typeof embryoPreservations)[number], string> = {
  fresh: "Fresh",
  frozen: "Frozen",
  vitrified: "Vitrified",
};
export const productionLabels: Record<(typeof embryoProductions)[number], string> = {
  in_vivo: "In vivo (flushed)",
  in_vitro: "In vitro (IVF)",
};

/** A figure a person types: within the range a real proof shows, else a message that says the range. */
const figure = (label: string, min: number, max: number, unit = "") =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} is ${min} to ${max}${unit}`)
    .max(max, `${label} is ${min} to ${max}${unit}`)
    .nullish();
const wholeFigure = (label: string, min: number, max: number, unit = "") =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} is ${min} to ${max}${unit}`)
    .max(max, `${label} is ${min} to ${max}${unit}`)
    .nullish();
const name = () => text().max(120).nullish();

export const geneticsSchema = z.object({
  /** The bull (semen) or the sire (embryos). */
  bullName: name(),
  registration: text().max(40).nullish(),
  sireName: name(),
  damName: name(),
  maternalGrandsire: name(),
  semenType: z.enum(semenTypes, { error: "Choose sexed or conventional" }).nullish(),
  /** Share of female calves from sexed semen. */
  femalePurityPct: wholeFigure("Female purity", 50, 100, " %"),
  milkKg: wholeFigure("Milk", -3000, 5000, " kg"),
  fatKg: wholeFigure("Fat", -200, 300, " kg"),
  fatPct: figure("Fat %", -1, 1),
  proteinKg: wholeFigure("Protein", -200, 300, " kg"),
  proteinPct: figure("Protein %", -1, 1),
  productiveLifeMonths: figure("Productive life", -10, 15, " months"),
  somaticCellScore: figure("Somatic cell score", 2, 4),
  daughterPregnancyRate: figure("Daughter pregnancy rate", -5, 8),
  /** Difficult births in first-calf heifers, %: lower is easier. */
  calvingEasePct: figure("Calving ease", 0, 20, " %"),
  indexName: text().max(20).nullish(),
  indexValue: wholeFigure("Index", -2000, 5000),
  proofSource: z.enum(proofSources, { error: "Choose genomic or daughter-proven" }).nullish(),
  reliabilityPct: wholeFigure("Reliability", 0, 99, " %"),
  proofDate: isoDate("Enter a valid date").nullish(),
  evaluatedBy: text().max(120).nullish(),
  polled: z.boolean().default(false),
  a2a2: z.boolean().default(false),
  kappaCaseinBB: z.boolean().default(false),
  /** Tested free of the breed's inherited defects (BLAD, CVM, brachyspina, …). */
  defectFree: z.boolean().default(false),
  slickGene: z.boolean().default(false),
  heatTolerance: z.enum(toleranceLevels).nullish(),
  tickResistance: z.enum(toleranceLevels).nullish(),
  /** Beef and dual-purpose sires: daughters' and steers' daily gain, grams. */
  dailyGainG: wholeFigure("Daily gain", 0, 3000, " g"),
  /** IETS stage 1 (unfertilised) to 9 (expanding hatched blastocyst). */
  embryoStage: wholeFigure("Stage", 1, 9),
  /** IETS quality grade: 1 excellent or good, 2 fair, 3 poor, 4 dead. */
  embryoGrade: wholeFigure("Grade", 1, 4),
  preservation: z.enum(embryoPreservations).nullish(),
  production: z.enum(embryoProductions).nullish(),
  /** The dam's best lactation, kg. */
  damMilkKg: wholeFigure("Dam's milk", 0, 30000, " kg"),
  recommendedRecipient: text().max(200).nullish(),
});
export type Genetics = z.infer<typeof geneticsSchema>;
export type GeneticsInput = z.input<typeof geneticsSchema>;

/** Pregnant or calved over services whose outcome is known, with its 95% Wilson interval. */
export const fertilitySchema = z.object({
  services: z.number().int(),
  conceptions: z.number().int(),
  /** Percent, one decimal; null below the minimum number of services. */
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** Of the services, how many outcomes a technician, vet or staff confirmed and how many farmers reported. */
  confirmed: z.number().int(),
  reported: z.number().int(),
});
export type Fertility = z.infer<typeof fertilitySchema>;

export { fertilityOf, fertilityOfOutcomes, MIN_SERVICES_FOR_RATE, wilsonInterval } from "./fertility-rule";
