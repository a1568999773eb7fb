import { describe, expect, it } from "vitest";
import {
  fertilityOf,
  fertilityOfOutcomes,
  geneticsSchema,
  MIN_SERVICES_FOR_RATE,
  wilsonInterval,
} from "./genetics";

describe("conception rate", () => {
  it("gives the 95% Wilson score interval (published values)", () => {
    const [lo1, hi1] = wilsonInterval(8, 10);
    expect(lo1).toBeCloseTo(0.4902, 4);
    expect(hi1).toBeCloseTo(0.9433, 4);
    const [lo2, hi2] = wilsonInterval(45, 100);
    expect(lo2).toBeCloseTo(0.3561, 3);
    expect(hi2).toBeCloseTo(0.5475, 3);
    // All or none conceived: the interval still has width, unlike the naive one.
    const [lo3, hi3] = wilsonInterval(0, 20);
    expect(lo3).toBe(0);
    expect(hi3).toBeCloseTo(0.1611, 4);
    const [lo4, hi4] = wilsonInterval(20, 20);
    expect(lo4).toBeCloseTo(0.8389, 4);
    expect(hi4).toBe(1);
    expect(wilsonInterval(0, 0)).toEqual([0, 0]);
  });

  it("is shown only from the minimum number of services, as a percentage with one decimal", () => {
    expect(fertilityOf(10, MIN_SERVICES_FOR_RATE - 1)).toEqual({
      services: MIN_SERVICES_FOR_RATE - 1,
      conceptions: 10,
      rate: null,
      low: null,
      high: null,
      confirmed: MIN_SERVICES_FOR_RATE - 1,
      reported: 0,
    });
    expect(fertilityOf(11, 20)).toEqual({
      services: 20,
      conceptions: 11,
      rate: 55,
      low: 34.2,
      high: 74.2,
      confirmed: 20,
      reported: 0,
    });
    expect(fertilityOf(0, 0).rate).toBeNull();
  });

  it("draws the rate from confirmed outcomes once there are enough, from every outcome before", () => {
    // 12 confirmed are too few: the farmers' 10 reports join them, and both counts are told apart.
    expect(
      fertilityOfOutcomes({ services: 12, conceptions: 6, reportedServices: 10, reportedConceptions: 9 }),
    ).toEqual(fertilityOf(15, 22, { confirmed: 12, reported: 10 }));
    // 20 confirmed are enough: the reports are counted but do not move the rate.
    const enough = fertilityOfOutcomes({
      services: 20,
      conceptions: 8,
      reportedServices: 30,
      reportedConceptions: 30,
    });
    expect(enough).toEqual(fertilityOf(8, 20, { confirmed: 20, reported: 30 }));
    expect(enough.rate).toBe(40);
    expect(
      fertilityOfOutcomes({ services: 5, conceptions: 5, reportedServices: 5, reportedConceptions: 5 }).rate,
    ).toBeNull();
  });
});

describe("genetics figures", () => {
  it("refuses figures outside what a proof can show, saying the range", () => {
    const r = geneticsSchema.safeParse({ reliabilityPct: 120, embryoStage: 12, femalePurityPct: 30 });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      reliabilityPct: "Reliability is 0 to 99 %",
      embryoStage: "Stage is 1 to 9",
      femalePurityPct: "Female purity is 50 to 100 %",
    });
    expect(geneticsSchema.parse({}).a2a2).toBe(false);
  });
});
