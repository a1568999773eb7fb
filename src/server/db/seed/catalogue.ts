import type { GeneticsInput, SemenType, ToleranceLevel } from "../../../contract/genetics";
import { toleranceLabels } from "../../../contract/genetics";
import type { GeneticData } from "../../../contract/inventory";
import type { SeedItem } from "./data";
import { type Prng, prng } from "./prng";

/**
 * The demo catalogue's genetics: a proof for every bull and a mating for every embryo lot, drawn within the
 * ranges each breed's evaluations really show (CDCB for Holstein, Jersey, Ayrshire and Guernsey; KAGRC and
 * the breed societies for Sahiwal and Boran; Embrapa for Gir and Girolando). Names are invented.
 */
type Range = [min: number, max: number];
interface BreedProfile {
  code: string;
  breedName: string;
  category: GeneticData["category"];
  origin: GeneticData["origin"];
  supplier: string;
  herdYield: string;
  regions: string[];
  registrationPrefix: string;
  evaluatedBy: string;
  indexName: string | null;
  index: Range;
  milk: Range | null;
  fatPct: Range;
  proteinPct: Range;
  dailyGain: Range | null;
  heat: ToleranceLevel;
  tick: ToleranceLevel | null;
  price: Range;
  names: string[];
}

const profiles: BreedProfile[] = [
  {
    code: "HF",
    breedName: "Holstein Friesian",
    category: "dairy",
    origin: "Brazil",
    supplier: "URUS Genetics Brazil",
    herdYield: "10,500 L/lactation",
    regions: ["Central", "Rift Valley", "Western"],
    registrationPrefix: "HO840003",
    evaluatedBy: "CDCB (USA)",
    indexName: "TPI",
    index: [2550, 3250],
    milk: [300, 1900],
    fatPct: [-0.08, 0.22],
    proteinPct: [-0.04, 0.1],
    dailyGain: null,
    heat: "low",
    tick: null,
    price: [2600, 4800],
    names: [
      "Riverbend Tempo-ET",
      "Kinangop Maximus",
      "Ol Kalou Samburu-ET",
      "Highfield Doorman Jabali",
      "Meadowlane Kiboko",
      "Sunnyridge Mshindi-ET",
      "Aberdare Legacy",
      "Kipipiri Simba-ET",
      "Nyandarua Tajiri",
      "Brookside Kilele",
    ],
  },
  {
    code: "JE",
    breedName: "Jersey",
    category: "dairy",
    origin: "Kenya",
    supplier: "KAGRC Kenya",
    herdYield: "6,200 L/lactation",
    regions: ["Central", "Western", "Rift Valley", "Coastal"],
    registrationPrefix: "JE840003",
    evaluatedBy: "CDCB (USA)",
    indexName: "JPI",
    index: [95, 215],
    milk: [150, 1200],
    fatPct: [0.05, 0.35],
    proteinPct: [0.02, 0.15],
    dailyGain: null,
    heat: "moderate",
    tick: null,
    price: [2200, 3900],
    names: [
      "Limuru Dhahabu",
      "Greenhill Malaika-P",
      "Tigoni Chui",
      "Kericho Chai Msafiri",
      "Sotik Nyota",
      "Lessos Faraji",
    ],
  },
  {
    code: "AY",
    breedName: "Ayrshire",
    category: "dairy",
    origin: "Kenya",
    supplier: "KAGRC Kenya",
    herdYield: "7,800 L/lactation",
    regions: ["Rift Valley", "Central"],
    registrationPrefix: "AY840003",
    evaluatedBy: "CDCB (USA)",
    indexName: "NM$",
    index: [180, 620],
    milk: [100, 1000],
    fatPct: [-0.03, 0.12],
    proteinPct: [-0.02, 0.07],
    dailyGain: null,
    heat: "moderate",
    tick: "low",
    price: [2000, 3600],
    names: ["Timau Shujaa", "Mau Narok Kito", "Eldama Ravine Nguvu", "Molo Jembe", "Londiani Tumaini"],
  },
  {
    code: "GU",
    breedName: "Guernsey",
    category: "dairy",
    origin: "Kenya",
    supplier: "KAGRC Kenya",
    herdYield: "6,000 L/lactation",
    regions: ["Central", "Rift Valley"],
    registrationPrefix: "GU840003",
    evaluatedBy: "CDCB (USA)",
    indexName: "NM$",
    index: [150, 460],
    milk: [100, 900],
    fatPct: [0.02, 0.2],
    proteinPct: [0, 0.09],
    dailyGain: null,
    heat: "moderate",
    tick: null,
    price: [2400, 3800],
    names: ["Kiambu Asali", "Nyeri Mwangaza", "Murang'a Baraka"],
  },
  {
    code: "SA",
    breedName: "Sahiwal",
    category: "dual_purpose",
    origin: "Kenya",
    supplier: "KAGRC Kenya",
    herdYield: "3,000 L/lactation",
    regions: ["Eastern", "Northern", "Coastal"],
    registrationPrefix: "KE-SAH-",
    evaluatedBy: "KAGRC / Sahiwal Society of Kenya",
    indexName: null,
    index: [0, 0],
    milk: [80, 450],
    fatPct: [0, 0.15],
    proteinPct: [0, 0.06],
    dailyGain: [650, 850],
    heat: "high",
    tick: "high",
    price: [1200, 2400],
    names: ["Naivasha Imara", "Marigat Jasiri", "Kibwezi Mlima", "Isiolo Ngao", "Makueni Shamba"],
  },
  {
    code: "BO",
    breedName: "Boran",
    category: "beef",
    origin: "Kenya",
    supplier: "Ol Pejeta Ranch",
    herdYield: "1,200 L/lactation",
    regions: ["Northern", "Eastern", "Coastal"],
    registrationPrefix: "KE-BOR-",
    evaluatedBy: "Boran Cattle Breeders' Society",
    indexName: null,
    index: [0, 0],
    milk: null,
    fatPct: [0, 0],
    proteinPct: [0, 0],
    dailyGain: [900, 1300],
    heat: "high",
    tick: "high",
    price: [1500, 2800],
    names: ["Laikipia Dume", "Ol Pejeta Mkuu", "Mukogodo Ngome", "Rumuruti Jabari", "Kapiti Shamba"],
  },
  {
    code: "GI",
    breedName: "Gir",
    category: "dual_purpose",
    origin: "Brazil",
    supplier: "URUS Genetics Brazil",
    herdYield: "3,500 L/lactation",
    regions: ["Coastal", "Eastern", "Western"],
    registrationPrefix: "BR-GIR-",
    evaluatedBy: "Embrapa / ABCGIL (Brazil)",
    indexName: null,
    index: [0, 0],
    milk: [200, 800],
    fatPct: [0, 0.12],
    proteinPct: [0, 0.06],
    dailyGain: [700, 900],
    heat: "high",
    tick: "high",
    price: [2200, 3800],
    names: ["Uberaba Trovão", "Minas Sertanejo", "Goiás Barão"],
  },
  {
    code: "GL",
    breedName: "Girolando (Gir x Holstein)",
    category: "dairy",
    origin: "Brazil_Kenya",
    supplier: "URUS Genetics Brazil",
    herdYield: "5,500 L/lactation",
    regions: ["Coastal", "Eastern", "Western", "Central"],
    registrationPrefix: "BR-GL-",
    evaluatedBy: "Embrapa Girolando programme",
    indexName: null,
    index: [0, 0],
    milk: [300, 1200],
    fatPct: [-0.02, 0.1],
    proteinPct: [0, 0.06],
    dailyGain: null,
    heat: "high",
    tick: "moderate",
    price: [2400, 4200],
    names: ["Kilifi Upepo", "Taveta Mvua"],
  },
];

const profileOf = (breedName: string) => profiles.find((p) => p.breedName === breedName)!;
const between = (r: Prng, [min, max]: Range, step = 1) =>
  Math.round((min + r.next() * (max - min)) / step) * step;
const twoDecimals = (n: number) => Math.round(n * 100) / 100;

/** A bull's registration follows from his name, so the same bull has the same number on every item. */
function registrationOf(p: BreedProfile, bullName: string): string {
  let h = 17;
  for (const ch of bullName) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  const digits = String(h % 1_000_000_000).padStart(9, "0");
  return `${p.registrationPrefix}${p.registrationPrefix.endsWith("-") ? digits.slice(4) : digits}`;
}

/** A bull's proof within his breed's ranges; better milk tends to come with a better index. */
export function bullGenetics(
  r: Prng,
  breedName: string,
  bullName: string,
  semenType: SemenType,
): GeneticsInput {
  const p = profileOf(breedName);
  const merit = r.next();
  const scaled = (range: Range) => range[0] + (range[1] - range[0]) * (0.6 * merit + 0.4 * r.next());
  const genomic = r.next() < 0.55;
  const milkKg = p.milk ? Math.round(scaled(p.milk) / 10) * 10 : null;
  const fatPct = p.milk ? twoDecimals(between(r, p.fatPct, 0.01)) : null;
  const proteinPct = p.milk ? twoDecimals(between(r, p.proteinPct, 0.01)) : null;
  const others = p.names.filter((n) => n !== bullName);
  const sireName = r.pick(others);
  return {
    bullName,
    registration: registrationOf(p, bullName),
    sireName,
    damName: `${bullName.split(" ")[0]} ${r.pick(["Neema", "Wanjiru", "Zawadi", "Amani", "Rehema", "Pendo"])} ${r.int(2, 9)}`,
    // Two bulls in a breed of three names: the grandsire may only repeat the sire where there is no other.
    maternalGrandsire: r.pick(others.length > 1 ? others.filter((n) => n !== sireName) : others),
    semenType,
    femalePurityPct: semenType === "sexed" ? r.int(88, 94) : null,
    milkKg,
    fatKg: milkKg === null || fatPct === null ? null : Math.round(milkKg * 0.038 + fatPct * 90),
    fatPct,
    proteinKg: milkKg === null || proteinPct === null ? null : Math.round(milkKg * 0.031 + proteinPct * 80),
    proteinPct,
    productiveLifeMonths: p.milk ? twoDecimals(between(r, [-0.5, 6.5], 0.1)) : null,
    somaticCellScore: p.milk ? twoDecimals(between(r, [2.55, 3.05], 0.01)) : null,
    daughterPregnancyRate: twoDecimals(between(r, [-1.8, 3.2], 0.1)),
    calvingEasePct: twoDecimals(between(r, p.code === "HF" ? [1.4, 3.2] : [1.0, 2.6], 0.1)),
    indexName: p.indexName,
    indexValue: p.indexName ? Math.round(scaled(p.index)) : null,
    proofSource: genomic ? "genomic" : "daughter_proven",
    reliabilityPct: genomic ? r.int(68, 79) : r.int(82, 99),
    proofDate: r.pick(["2026-04-07", "2026-08-11", "2025-12-02"]),
    evaluatedBy: p.evaluatedBy,
    polled: r.next() < (p.code === "BO" || p.code === "SA" ? 0 : 0.12),
    a2a2: r.next() < (p.code === "GI" || p.code === "SA" || p.code === "BO" ? 0.85 : 0.4),
    kappaCaseinBB: p.milk !== null && r.next() < 0.35,
    defectFree: r.next() < 0.9,
    slickGene: p.code === "HF" && r.next() < 0.2,
    heatTolerance: p.code === "HF" && r.next() < 0.2 ? "moderate" : p.heat,
    tickResistance: p.tick,
    dailyGainG: p.dailyGain ? between(r, p.dailyGain, 10) : null,
  };
}

/** An embryo lot: the sire's key figures, the donor dam's best lactation, its IETS stage and grade. */
export function embryoGenetics(r: Prng, breedName: string, inVitro: boolean): GeneticsInput {
  const sire = bullGenetics(r, breedName, r.pick(profileOf(breedName).names), "conventional");
  const p = profileOf(breedName);
  return {
    ...sire,
    semenType: null,
    femalePurityPct: null,
    damName: `${r.pick(["Urithi", "Nakuru", "Kinangop", "Mombasa"])} ${r.pick(["Malkia", "Nyota", "Lulu", "Waridi"])} ${r.int(10, 99)}`,
    damMilkKg: p.milk ? r.int(p.code === "HF" ? 9500 : 4500, p.code === "HF" ? 13500 : 8000) : null,
    embryoStage: r.pick([5, 6, 6, 7, 7]),
    embryoGrade: r.next() < 0.8 ? 1 : 2,
    preservation: inVitro ? "vitrified" : "frozen",
    production: inVitro ? "in_vitro" : "in_vivo",
    recommendedRecipient:
      p.category === "beef"
        ? "Boran or crossbred heifer, 15-24 months, on day 7 of a synchronised cycle"
        : "Healthy heifer or second-parity cow, body condition 3, on day 7 of a synchronised cycle",
  };
}

/** The demo catalogue beyond the items the seeded orders use: one semen item per bull, and more embryo lots. */
export function extraCatalogue(): { item: SeedItem; genetics: GeneticsInput }[] {
  const r = prng(20261125);
  const out: { item: SeedItem; genetics: GeneticsInput }[] = [];
  let serial = 200;
  for (const p of profiles) {
    for (const bullName of p.names) {
      serial++;
      const sexed = p.category === "dairy" && r.next() < 0.35;
      const genetics = bullGenetics(r, p.breedName, bullName, sexed ? "sexed" : "conventional");
      const price = Math.round(between(r, p.price) / 50) * 50 + (sexed ? 3000 : 0);
      out.push({ item: seedItem(r, p, `SEM-${p.code}-${serial}`, "sperm", price, genetics), genetics });
    }
  }
  const lots: [code: string, inVitro: boolean][] = [
    ["HF", true],
    ["HF", false],
    ["JE", true],
    ["AY", false],
    ["GU", false],
    ["SA", true],
    ["BO", false],
    ["GL", true],
    ["GI", false],
    ["JE", false],
  ];
  for (const [code, inVitro] of lots) {
    serial++;
    const p = profiles.find((q) => q.code === code)!;
    const genetics = embryoGenetics(r, p.breedName, inVitro);
    const price =
      Math.round(between(r, code === "BO" || code === "SA" ? [38_000, 60_000] : [60_000, 120_000]) / 500) *
      500;
    out.push({ item: seedItem(r, p, `EMB-${code}-${serial}`, "embryo", price, genetics), genetics });
  }
  return out;
}

function seedItem(
  r: Prng,
  p: BreedProfile,
  itemId: string,
  type: SeedItem["type"],
  costPerUnit: number,
  g: GeneticsInput,
): SeedItem {
  const what =
    type === "embryo"
      ? `${g.production === "in_vitro" ? "IVF" : "Flushed"} ${p.breedName} embryos by ${g.bullName} out of ${g.damName}`
      : `${g.semenType === "sexed" ? "Sexed" : "Conventional"} ${p.breedName} semen from ${g.bullName}`;
  const whatSw =
    type === "embryo"
      ? `Viinitete vya ${p.breedName} ${g.production === "in_vitro" ? "vya maabarani (IVF)" : "vilivyovunwa"}, baba ${g.bullName}, mama ${g.damName}`
      : `Mbegu za ${p.breedName} ${g.semenType === "sexed" ? "za jinsia (sexed)" : "za kawaida"} kutoka kwa ${g.bullName}`;
  return {
    itemId,
    type,
    breedName: p.breedName,
    acquiredFrom: p.supplier,
    viabilityStatus: "viable",
    stock: type === "embryo" ? r.int(12, 40) : r.int(60, 320),
    unit: r.pick(["LN2-Tank-A", "LN2-Tank-B", "LN2-Tank-C"]),
    location: `Canister ${r.int(4, 9)}`,
    costPerUnit,
    acquiredDaysAgo: r.int(30, 260),
    expiresInDays: r.int(500, 1500),
    description: `${what}; ${g.proofSource === "genomic" ? "genomic" : "daughter-proven"} proof.`,
    descriptionSw: `${whatSw}; ubora ${g.proofSource === "genomic" ? "umepimwa kwa vinasaba (genomic)" : "umethibitishwa na mabinti"}.`,
    geneticData: {
      category: p.category,
      origin: p.origin,
      milk_yield: p.herdYield,
      heat_tolerance: toleranceLabels[g.heatTolerance ?? p.heat],
      breeding_value: g.indexValue ? Math.min(99, 60 + Math.round((g.milkKg ?? 0) / 60)) : 70 + r.int(0, 20),
      region_suitability: p.regions,
    },
  };
}

/** The bulls behind the semen items the seeded orders use (data.ts); none sells under another item. */
const seedItemBulls: Record<string, string> = {
  "SEM-HF-101": "Urithi Kilimanjaro-ET",
  "SEM-AY-102": "Kabete Mzalendo",
  "SEM-SA-103": "Kitui Simba",
  "SEM-BO-104": "Ol Pejeta Kifaru",
  "SEM-GI-105": "Uberaba Imperador",
  "SEM-JE-106": "Limuru Tamu-P",
  "SEM-SA-107": "Garissa Ngozi",
};

/** Genetics for an item of data.ts, following what its description says (sexed, IVF). */
export function geneticsForSeedItem(r: Prng, item: SeedItem): GeneticsInput {
  if (item.type === "embryo")
    return embryoGenetics(r, item.breedName, /IVF|Girolando/.test(item.description));
  const sexed = /sexed/i.test(item.description);
  return bullGenetics(r, item.breedName, seedItemBulls[item.itemId]!, sexed ? "sexed" : "conventional");
}
