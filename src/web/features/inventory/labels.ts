import type { GeneticData, InventoryItem } from "../../../contract/inventory";

export const originFlags: Record<GeneticData["origin"], string> = {
  Brazil: "🇧🇷",
  Kenya: "🇰🇪",
  Brazil_Kenya: "🇧🇷🇰🇪",
};

export const viabilityTone = { viable: "green", expired: "red", compromised: "orange" } as const;

export const unitName = (item: Pick<InventoryItem, "type">, n: number) =>
  item.type === "embryo" ? `${n} ${n === 1 ? "embryo" : "embryos"}` : `${n} ${n === 1 ? "dose" : "doses"}`;
