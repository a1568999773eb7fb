import { describe, expect, it } from "vitest";
import { breedGoals, findGoal } from "./breed-goals";
import { catalogueRegions, counties, findCounty, heatStressLevels, zones } from "./counties";

describe("Kenya's counties", () => {
  it("lists all 47 once, each with a zone, an altitude range, a heat stress and a catalogue region", () => {
    expect(counties).toHaveLength(47);
    expect(new Set(counties.map((c) => c.name)).size).toBe(47);
    for (const c of counties) {
      expect(zones).toContain(c.zone);
      expect(heatStressLevels).toContain(c.heatStress);
      expect(catalogueRegions).toContain(c.region);
      expect(c.altitude[0]).toBeGreaterThanOrEqual(0);
      expect(c.altitude[1]).toBeGreaterThan(c.altitude[0]);
    }
  });

  it("puts the hot lowlands under high heat stress and the cool highlands under low", () => {
    for (const c of counties.filter((c) => c.zone === "coastal" || c.zone === "arid"))
      expect(c.heatStress, c.name).toBe("high");
    for (const c of counties.filter((c) => c.zone === "highland")) expect(c.heatStress, c.name).toBe("low");
  });

  it.each([
    ["Shamba langu liko Kiambu", "Kiambu"],
    ["KISUMU", "Kisumu"],
    ["near kisii town", "Kisii"],
    ["murang'a", "Murang'a"],
    ["Elgeyo Marakwet", "Elgeyo-Marakwet"],
    ["Trans-Nzoia", "Trans Nzoia"],
    ["Murang’a", "Murang'a"],
    ["taita-taveta", "Taita-Taveta"],
    ["Trans Nzoia", "Trans Nzoia"],
    ["Kitale", "Trans Nzoia"],
    ["Eldoret, Uasin Gishu", "Uasin Gishu"],
    ["homabay", "Homa Bay"],
    ["Tana River", "Tana River"],
    ["merupa", null],
    ["I live in Nairobi", "Nairobi"],
  ])("finds the county in %j as a whole word", (text, expected) => {
    expect(findCounty(text)?.name ?? null).toBe(expected);
  });

  it("finds every county by its own name", () => {
    for (const c of counties) expect(findCounty(`I farm in ${c.name}.`)?.name).toBe(c.name);
  });
});

describe("a farmer's goal", () => {
  it.each([
    ["more milk", "milk"],
    ["dairy cows", "milk"],
    ["maziwa mengi", "milk"],
    ["beef and weight gain", "beef"],
    ["nyama", "beef"],
    ["hardy breed for drought and ticks", "hardiness"],
    ["kustahimili ukame", "hardiness"],
    ["easy calving for heifers", "easy_calving"],
    ["easy calving for my dairy heifers", "easy_calving"],
    ["kuzaa kwa urahisi", "easy_calving"],
    ["wheat farming", null],
    ["hello", null],
  ])("reads %j as %s", (text, goal) => {
    expect(findGoal(text)).toBe(goal);
    if (goal) expect(breedGoals).toContain(goal);
  });
});
