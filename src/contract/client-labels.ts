// Plain data, no Zod: the client screens read these before the validation library has loaded.
import type { SemenType } from "./genetics";
import type { Language } from "./languages";

/** Farmers buy "semen"; the store's records say "sperm". One word for each kind on every client screen. */
export const clientTypeLabels: Record<string, string> = {
  embryo: "Embryo",
  sperm: "Semen",
  semen: "Semen",
  mixed: "Mixed",
  consultation: "Consultation",
};
export const clientTypeLabel = (type: string) => clientTypeLabels[type] ?? type;

/** What a farmer calls an item: its breed and kind, e.g. "Ayrshire Semen". */
export const productName = (item: { breedName: string; type: string }) =>
  `${item.breedName} ${item.type === "embryo" ? "Embryo" : "Semen"}`;

/** Kiswahili for what a farmer calls an item: the web's server words and the server's messages both read it. */
export const productNamesSw: Record<string, string> = {
  "{breed} Semen": "Mbegu za {breed}",
  "{breed} Embryo": "Kiinitete cha {breed}",
};

/** A line's product name in `language`: "Ayrshire Semen (20% discount)" reads "Mbegu za Ayrshire (punguzo 20%)". */
export function productNameIn(language: Language, name: string): string {
  const m = /^(.+) (Semen|Embryo)(?: \((\d+)% discount\))?$/.exec(name);
  if (language === "en" || !m) return name;
  const base = productNamesSw[`{breed} ${m[2]}`]!.replace("{breed}", m[1]!);
  return m[3] ? `${base} (punguzo ${m[3]}%)` : base;
}

/** The bull behind a straw or an embryo, as a line names him (kept on the order line at the time of sale). */
export interface BullFacts {
  bullName?: string | null;
  bullCode?: string | null;
  semenType?: SemenType | null;
}

const semenTypeWords: Record<Language, Record<SemenType, string>> = {
  en: { sexed: "sexed", conventional: "conventional" },
  sw: { sexed: "za jinsia", conventional: "za kawaida" },
};

/** "Eldama Ravine Nguvu (KEN-AY-219), conventional": the bull part of a line, or "" when the item names none. */
export function bullLabel(language: Language, bull: BullFacts): string {
  const name = bull.bullName ? (bull.bullCode ? `${bull.bullName} (${bull.bullCode})` : bull.bullName) : "";
  const kind = bull.semenType ? semenTypeWords[language][bull.semenType] : "";
  return [name, kind].filter(Boolean).join(", ");
}

/**
 * A line in the few words one SMS has room for: the bull (his name shortened by `cut`) and the semen type
 * ("Maziwa Bora, sexed"), without his registration; the product where the item names no bull.
 */
export function shortLineLabel(
  language: Language,
  line: BullFacts & { name: string },
  cut: (name: string) => string = (name) => name,
): string {
  return line.bullName
    ? bullLabel(language, { ...line, bullName: cut(line.bullName), bullCode: null })
    : productNameIn(language, line.name);
}

/** A line as every screen and email names it: the product in the reader's language, then the bull. */
export function lineLabel(language: Language, line: BullFacts & { name: string }): string {
  const bull = bullLabel(language, line);
  const product = productNameIn(language, line.name);
  return bull ? `${product}: ${bull}` : product;
}
