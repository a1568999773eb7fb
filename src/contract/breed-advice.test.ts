import { describe, expect, it } from "vitest";
import { adviceFor, askOf, breedAdvice, breedsForLocation, FALLBACK_ADVICE } from "./breed-advice";

describe("breed assistant", () => {
  it.each([
    ["I farm in CENTRAL Kenya", "Holstein Friesian"],
    ["coastal region near Kilifi", "Boran and Zebu crosses"],
    ["we are in the Rift Valley", "Ayrshire and Holstein crosses"],
    ["Western", "Jersey and Holstein"],
    ["northern kenya, very dry", "Boran and indigenous breeds"],
    ["eastern semi-arid", "Sahiwal and Zebu"],
  ])("answers %j with %s", (question, expected) => {
    expect(breedAdvice(question)).toContain(expected);
  });

  it.each([
    ["Ninafuga katika Pwani", "Boran and Zebu crosses"],
    ["Tuko Bonde la Ufa", "Ayrshire and Holstein crosses"],
    ["Kenya ya kati", "Holstein Friesian"],
    ["kaskazini", "Boran and indigenous breeds"],
  ])("answers the Kiswahili %j with %s", (question, expected) => {
    expect(breedAdvice(question)).toContain(expected);
  });

  it("asks for a region otherwise", () => {
    // "katika" (in) holds "kati" (central) but is not a region.
    expect(breedAdvice("Ninafuga katika shamba langu")).toBe(FALLBACK_ADVICE);
    expect(breedAdvice("what should I buy?")).toBe(FALLBACK_ADVICE);
    expect(breedsForLocation("Nairobi")).toBeNull();
    expect(breedsForLocation("Central")).toContain("Holstein");
  });
});

describe("what a question asks the catalogue for", () => {
  it.each([
    ["I farm in Kilifi and want more milk", { county: "Kilifi", goal: "milk" }],
    ["Nataka maziwa mengi, niko Nyandarua", { county: "Nyandarua", goal: "milk" }],
    ["beef bulls for Kajiado", { county: "Kajiado", goal: "beef" }],
    ["Ng'ombe wa nyama, kaunti ya Garissa", { county: "Garissa", goal: "beef" }],
    ["easy calving straws for my heifers in Muranga", { county: "Murang'a", goal: "easy_calving" }],
    ["hardy cattle for the drought in Taita Taveta", { county: "Taita-Taveta", goal: "hardiness" }],
    ["we are in Homa Bay", { county: "Homa Bay" }],
    ["more milk please", { goal: "milk" }],
    ["coastal region, dairy", { region: "Coastal", goal: "milk" }],
    ["Tuko Bonde la Ufa", { region: "Rift Valley" }],
  ])("reads %j", (question, expected) => {
    const ask = askOf(question)!;
    expect({ county: ask.county, region: ask.region, goal: ask.goal }).toEqual({
      county: undefined,
      region: undefined,
      goal: undefined,
      ...expected,
    });
  });

  it("answers null when the question names no place and no goal, and the assistant asks where the farm is", () => {
    expect(askOf("what should I buy?")).toBeNull();
    expect(askOf("Ninafuga katika shamba langu")).toBeNull();
    expect(adviceFor("what should I buy?")).toBe(FALLBACK_ADVICE);
  });

  it("keeps SPEC's answer for a region keyword, and gives a named county its region's answer", () => {
    expect(adviceFor("coastal region near Kilifi")).toBe(breedAdvice("coastal"));
    expect(adviceFor("I farm in Nyeri")).toBe(breedAdvice("central"));
    expect(adviceFor("Kisumu, more milk")).toBe(breedAdvice("western"));
    expect(adviceFor("Marsabit")).toBe(breedAdvice("northern"));
  });
});
