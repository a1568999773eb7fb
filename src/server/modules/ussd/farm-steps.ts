import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import {
  bookVisit,
  cowByTag,
  heatHoursAgo,
  recordToday,
  strawsLeft,
  type TodayEvent,
  visitPrices,
} from "./farm";
import { pick } from "./render";
import { words } from "./screens";
import { home, type Next, type UssdSession } from "./session-state";

type Step = (ctx: AppContext, s: UssdSession, input: string) => Promise<Next>;

/** An ear tag as farmers write them: letters, digits, and - / . between. */
const TAG = /^[\p{L}\d][\p{L}\d ./-]{0,39}$/u;
/** A ward or village: words, digits and simple punctuation. */
const PLACE = /^[\p{L}\d][\p{L}\d ',./-]{0,99}$/u;

/** Records the event, or ends with why the herd's rules refused it; nothing half-done either way. */
async function record(ctx: AppContext, s: UssdSession, event: TodayEvent): Promise<Next> {
  const w = words[s.language];
  const cow = s.data.cow!;
  try {
    await recordToday(ctx, s.user!.id, cow.id, event);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { end: w.notRecorded(error.message) };
  }
  const what =
    event.type === "pd"
      ? w.eventNames[event.result]
      : w.eventNames[event.type as Exclude<TodayEvent["type"], "pd" | "exit">];
  return { end: w.recorded(cow.name, what) };
}

/** My cows and Ask for an inseminator: the cow by tag, then what happened or which visit. */
export const farmSteps: Record<
  "cow_tag" | "cow_event" | "straw" | "calf_sex" | "calf_alive" | "visit_kind" | "visit_heat" | "visit_ward",
  Step
> = {
  cow_tag: async (ctx, s, input) => {
    const w = words[s.language];
    if (!TAG.test(input)) return { again: w.invalid };
    const found = await cowByTag(ctx, s.user!.id, input);
    if (!found.any) return { end: w.noCows };
    if (!found.cow) return { again: w.noCow(input) };
    const cow = { id: found.cow.id, name: found.cow.name ?? found.cow.tag };
    if (!s.data.forVisit) return { to: "cow_event", data: { cow } };
    return { to: "visit_kind", data: { cow, forVisit: true, prices: await visitPrices(ctx) } };
  },
  cow_event: async (ctx, s, input) => {
    const k = pick(input, 5);
    if (input === "0") return home(s);
    if (!k) return { again: words[s.language].invalid };
    if (k === 1) return record(ctx, s, { type: "heat" });
    if (k === 3) return record(ctx, s, { type: "pd", result: "pregnant" });
    if (k === 4) return record(ctx, s, { type: "pd", result: "open" });
    if (k === 5) return { to: "calf_sex", data: { cow: s.data.cow } };
    return { to: "straw", data: { cow: s.data.cow, straws: await strawsLeft(ctx, s.user!.id) } };
  },
  straw: async (ctx, s, input) => {
    const straws = s.data.straws ?? [];
    if (input === "0") return record(ctx, s, { type: "insemination", otherSemen: "Other semen (by USSD)" });
    const k = pick(input, straws.length);
    if (!k) return { again: words[s.language].invalid };
    return record(ctx, s, { type: "insemination", orderItemId: straws[k - 1]!.orderItemId });
  },
  calf_sex: async (_ctx, s, input) => {
    const k = pick(input, 2);
    if (!k) return { again: words[s.language].invalid };
    return { to: "calf_alive", data: { cow: s.data.cow, calfSex: k === 1 ? "female" : "male" } };
  },
  calf_alive: async (ctx, s, input) => {
    const k = pick(input, 2);
    if (!k) return { again: words[s.language].invalid };
    // Ease is not asked on a feature phone: a calving reported by USSD went without help.
    return record(ctx, s, { type: "calving", ease: "easy", calfSex: s.data.calfSex!, calfAlive: k === 1 });
  },
  visit_kind: async (_ctx, s, input) => {
    if (input === "0") return home(s);
    const k = pick(input, 2);
    if (!k) return { again: words[s.language].invalid };
    const data = { ...s.data, kind: k === 1 ? ("ai" as const) : ("pd" as const), heatHours: null };
    return k === 1 ? { to: "visit_heat", data } : { to: "visit_county", data };
  },
  visit_heat: async (_ctx, s, input) => {
    const k = pick(input, heatHoursAgo.length);
    if (!k) return { again: words[s.language].invalid };
    return { to: "visit_county", data: { ...s.data, heatHours: heatHoursAgo[k - 1]! } };
  },
  visit_ward: async (ctx, s, input) => {
    const w = words[s.language];
    if (!PLACE.test(input)) return { again: w.lettersOnly };
    try {
      const window = await bookVisit(ctx, s.user!.id, {
        cowId: s.data.cow!.id,
        kind: s.data.kind!,
        heatHours: s.data.heatHours ?? null,
        county: s.data.visitCounty!,
        ward: input,
        phone: s.phone,
        language: s.language,
      });
      return { end: w.visitBooked(window) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { end: w.notBooked(error.message) };
    }
  },
};
