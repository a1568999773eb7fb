import {
  embryoPreservations,
  embryoProductions,
  type Genetics,
  preservationLabels,
  productionLabels,
  proofSourceLabels,
  proofSources,
  semenTypeLabels,
  semenTypes,
  toleranceLabels,
  toleranceLevels,
} from "../../../contract/genetics";
import { Field, type Options, optionsOf } from "../../components/ui/field";
import type { FieldBinding } from "../../lib/form";

type Key = keyof Genetics;
const flags = ["a2a2", "polled", "kappaCaseinBB", "defectFree", "slickGene"] as const satisfies Key[];
const numbers = [
  "femalePurityPct",
  "milkKg",
  "fatKg",
  "fatPct",
  "proteinKg",
  "proteinPct",
  "productiveLifeMonths",
  "somaticCellScore",
  "daughterPregnancyRate",
  "calvingEasePct",
  "indexValue",
  "reliabilityPct",
  "dailyGainG",
  "embryoStage",
  "embryoGrade",
  "damMilkKg",
] as const satisfies Key[];
const texts = [
  "bullName",
  "registration",
  "sireName",
  "damName",
  "maternalGrandsire",
  "semenType",
  "indexName",
  "proofSource",
  "proofDate",
  "evaluatedBy",
  "heatTolerance",
  "tickResistance",
  "preservation",
  "production",
  "recommendedRecipient",
] as const satisfies Key[];
const all: Key[] = [...texts, ...numbers, ...flags];

/** The form's name for a genetics field: `g_milkKg`. */
export type GeneticsField = `g_${Key}`;
const f = (k: Key): GeneticsField => `g_${k}`;

/** Every genetics field blank, for a new item. */
export const geneticsEmpty = Object.fromEntries(all.map((k) => [f(k), ""])) as Record<GeneticsField, string>;

/** The server's error paths (`genetics.milkKg`) named as the form's fields. */
export const geneticsErrorPaths = Object.fromEntries(all.map((k) => [`genetics.${k}`, f(k)])) as Record<
  string,
  GeneticsField
>;

/** An item's genetics as form text. */
export function geneticsFromItem(g: Genetics): Record<GeneticsField, string> {
  return Object.fromEntries(
    all.map((k) => {
      const v = g[k];
      return [f(k), v === null || v === undefined || v === false ? "" : String(v)];
    }),
  ) as Record<GeneticsField, string>;
}

/** The form's text as the contract's `genetics`: blanks are unknown. */
export function geneticsToInput(form: Record<GeneticsField, string>) {
  const value = (k: Key) => form[f(k)] ?? "";
  return Object.fromEntries([
    ...texts.map((k) => [k, value(k).trim() || null]),
    ...numbers.map((k) => [k, value(k).trim() === "" ? null : Number(value(k))]),
    ...flags.map((k) => [k, value(k) === "true"]),
  ]);
}

const choose = (label: string): Options => [["", label]];

/** The proof (semen) or the mating and stage-grade (embryos), with units in the labels. */
export function GeneticsFields({
  type,
  field,
  values,
  setFlag,
}: {
  type: string;
  field: (name: GeneticsField) => FieldBinding;
  values: Record<GeneticsField, string>;
  setFlag: (name: GeneticsField, on: boolean) => void;
}) {
  const bind = (k: Key) => field(f(k));
  const embryo = type === "embryo";
  const num = (k: Key, label: string, step = "1") => (
    <Field key={k} label={label} type="number" step={step} bind={bind(k)} />
  );
  return (
    <fieldset className="col-span-full grid gap-4 border-t border-gray-200 pt-4 sm:grid-cols-2 dark:border-gray-800">
      <legend className="text-sm font-semibold">{embryo ? "Mating and embryo" : "Bull and proof"}</legend>
      <Field label={embryo ? "Sire (bull) name" : "Bull name"} bind={bind("bullName")} />
      <Field label="Registration / herd-book number" bind={bind("registration")} />
      {!embryo && <Field label="Sire" bind={bind("sireName")} />}
      <Field label={embryo ? "Dam (donor cow)" : "Dam"} bind={bind("damName")} />
      {!embryo && <Field label="Maternal grandsire" bind={bind("maternalGrandsire")} />}
      {!embryo && (
        <Field
          label="Semen type"
          options={[...choose("Not known"), ...optionsOf(semenTypes, semenTypeLabels)]}
          bind={bind("semenType")}
        />
      )}
      {!embryo && values[f("semenType")] === "sexed" && num("femalePurityPct", "Female purity (%)")}
      {embryo && num("embryoStage", "IETS stage (1-9)")}
      {embryo && num("embryoGrade", "IETS grade (1-4)")}
      {embryo && (
        <Field
          label="Preservation"
          options={[...choose("Not known"), ...optionsOf(embryoPreservations, preservationLabels)]}
          bind={bind("preservation")}
        />
      )}
      {embryo && (
        <Field
          label="Produced"
          options={[...choose("Not known"), ...optionsOf(embryoProductions, productionLabels)]}
          bind={bind("production")}
        />
      )}
      {embryo && num("damMilkKg", "Dam's best lactation (kg)")}
      {embryo && <Field label="Recommended recipient" bind={bind("recommendedRecipient")} />}
      {num("milkKg", embryo ? "Sire's milk PTA (kg)" : "Milk PTA (kg)")}
      {num("fatKg", "Fat PTA (kg)")}
      {num("fatPct", "Fat PTA (%)", "0.01")}
      {num("proteinKg", "Protein PTA (kg)")}
      {num("proteinPct", "Protein PTA (%)", "0.01")}
      {num("productiveLifeMonths", "Productive life (months)", "0.1")}
      {num("somaticCellScore", "Somatic cell score", "0.01")}
      {num("daughterPregnancyRate", "Daughter pregnancy rate", "0.1")}
      {num("calvingEasePct", "Calving ease (% difficult births)", "0.1")}
      <Field label="Economic index name" placeholder="TPI, NM$, JPI" bind={bind("indexName")} />
      {num("indexValue", "Economic index value")}
      <Field
        label="Proof source"
        options={[...choose("Not known"), ...optionsOf(proofSources, proofSourceLabels)]}
        bind={bind("proofSource")}
      />
      {num("reliabilityPct", "Reliability (%)")}
      <Field label="Proof date" type="date" bind={bind("proofDate")} />
      <Field label="Evaluated by" placeholder="CDCB (USA)" bind={bind("evaluatedBy")} />
      <Field
        label="Heat tolerance"
        options={[...choose("Not known"), ...optionsOf(toleranceLevels, toleranceLabels)]}
        bind={bind("heatTolerance")}
      />
      <Field
        label="Tick resistance"
        options={[...choose("Not known"), ...optionsOf(toleranceLevels, toleranceLabels)]}
        bind={bind("tickResistance")}
      />
      {num("dailyGainG", "Daily gain (g/day)")}
      <div className="col-span-full flex flex-wrap gap-x-6">
        {(
          [
            ["a2a2", "A2A2"],
            ["polled", "Polled"],
            ["kappaCaseinBB", "κ-casein BB"],
            ["defectFree", "Free of inherited defects"],
            ["slickGene", "Slick gene"],
          ] as const
        ).map(([k, label]) => (
          <label key={k} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-700"
              checked={values[f(k)] === "true"}
              onChange={(e) => setFlag(f(k), e.target.checked)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
