import { describe, expect, it } from "vitest";
import { breedAdvice, breedsForLocation, FALLBACK_ADVICE } from "./breed-advice";

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
