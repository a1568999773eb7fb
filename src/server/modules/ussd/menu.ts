import { countyByName } from "../../../contract/counties";
import { farmTypes } from "../../../contract/farm-profile";
import type { geneticCategories } from "../../../contract/inventory";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { catalogueBreeds } from "../catalogue/search";
import { shortDay } from "../notifications/templates";
import { askForCall } from "./callbacks";
import { rememberLanguage, signUpByUssd } from "./caller";
import { farmSteps } from "./farm-steps";
import { countyPage, pick } from "./render";
import { words } from "./screens";
import { home, type Next, type Screen, type UssdSession } from "./session-state";
import { latestOrders, placeUssdOrder, promptForUssdOrder, reorderChoices, topBulls } from "./ussd-order";

/** A name as a feature phone types it: letters, spaces, apostrophes, dots and hyphens. */
const NAME = /^[\p{L}][\p{L}' .-]*$/u;
const goals: (typeof geneticCategories)[number][] = ["dairy", "beef", "dual_purpose"];
/** Breeds a screen lists at once. */
const BREEDS_SHOWN = 6;

export type Step = (ctx: AppContext, s: UssdSession, input: string) => Promise<Next>;

const invalid = (s: UssdSession): Next => ({ again: words[s.language].invalid });
const firstNameOf = (s: UssdSession) => s.user?.firstName ?? null;

/** Main menu: each item opens its first screen with what that screen lists. */
const menu: Step = async (ctx, s, input) => {
  const w = words[s.language];
  const user = s.user!;
  switch (input) {
    case "0":
      return { to: "language" };
    case "1": {
      const choices = await reorderChoices(ctx, user.id);
      return choices.length ? { to: "pick_product", data: { choices } } : { end: w.noOrders };
    }
    case "2": {
      // A copy: the list is shared for a second with the shop's breed filter, which keeps it by name.
      const breeds = [...(await catalogueBreeds(ctx))]
        .sort((a, b) => b.count - a.count || a.breed.localeCompare(b.breed))
        .slice(0, BREEDS_SHOWN)
        .map((b) => b.breed);
      return breeds.length ? { to: "breeds", data: { breeds } } : { end: w.noBreeds };
    }
    case "3": {
      const latest = await latestOrders(ctx, user.id);
      if (latest.length === 0) return { end: w.noOrders };
      const day = (promised: string | null) => promised && shortDay(s.language, new Date(promised));
      return { end: w.orders(latest.map((o) => w.orderLine(o.orderNumber, o.state, day(o.promised)))) };
    }
    case "4":
      return { to: "cow_tag", data: { forVisit: false } };
    case "5":
      return { to: "cow_tag", data: { forVisit: true } };
    case "6": {
      await askForCall(ctx, {
        phone: s.phone,
        userId: user.id,
        name: `${user.firstName} ${user.lastName}`.trim(),
      });
      return { end: w.callMe(s.phone.replace(/^\+254/, "0")) };
    }
    default:
      return invalid(s);
  }
};

/** One of the products a list showed (to order again, or a top bull), or 0 back to the menu. */
const chooseProduct: Step = async (_ctx, s, input) => {
  if (input === "0") return home(s);
  const choices = s.data.choices ?? [];
  const k = pick(input, choices.length);
  return k ? { to: "quantity", data: { item: choices[k - 1]! } } : invalid(s);
};

const steps: Record<Exclude<Screen, "ended">, Step> = {
  language: async (ctx, s, input) => {
    const chosen = input === "1" ? "sw" : input === "2" ? "en" : null;
    if (!chosen) return invalid(s);
    await ctx.database.tx((db) => rememberLanguage(db, s.phone, chosen, ctx.clock.now()));
    return s.user
      ? { to: "menu", language: chosen, data: { name: firstNameOf(s) } }
      : { to: "signup_name", language: chosen };
  },
  menu,
  signup_name: async (_ctx, s, input) => {
    const w = words[s.language];
    const name = input.trim().replace(/\s+/g, " ");
    if (!NAME.test(name) || name.length > 100) return { again: w.lettersOnly };
    const [firstName, ...rest] = name.split(" ");
    if (rest.length === 0) return { again: w.twoNames };
    return { to: "signup_county", data: { firstName, lastName: rest.join(" "), page: 0 } };
  },
  signup_county: async (_ctx, s, input) => {
    const page = s.data.page ?? 0;
    if (page === 0 && input === "9") return { to: "signup_county", data: { ...s.data, page: 1 } };
    if (page === 1 && input === "0") return { to: "signup_county", data: { ...s.data, page: 0 } };
    const shown = countyPage(page);
    const k = pick(input, shown.length);
    return k ? { to: "signup_farm", data: { ...s.data, county: shown[k - 1] } } : invalid(s);
  },
  signup_farm: async (ctx, s, input) => {
    const k = pick(input, farmTypes.length);
    if (!k) return invalid(s);
    const now = ctx.clock.now();
    const user = await ctx.database.tx((db) =>
      signUpByUssd(db, now, {
        phone: s.phone,
        firstName: s.data.firstName!,
        lastName: s.data.lastName!,
        county: s.data.county!,
        farmType: farmTypes[k - 1]!,
        language: s.language,
      }),
    );
    return { to: "menu", user, data: { name: user.firstName, notice: words[s.language].created } };
  },
  pick_product: chooseProduct,
  breeds: async (_ctx, s, input) => {
    if (input === "0") return home(s);
    const breeds = s.data.breeds ?? [];
    const k = pick(input, breeds.length);
    return k ? { to: "goals", data: { breed: breeds[k - 1]! } } : invalid(s);
  },
  goals: async (ctx, s, input) => {
    const k = pick(input, goals.length);
    if (!k) return invalid(s);
    return {
      to: "bulls",
      data: { breed: s.data.breed, choices: await topBulls(ctx, s.data.breed!, goals[k - 1]!) },
    };
  },
  bulls: chooseProduct,
  quantity: async (_ctx, s, input) => {
    const n = /^\d{1,2}$/.test(input) ? Number(input) : 0;
    return n >= 1 ? { to: "confirm", data: { item: s.data.item, quantity: n } } : invalid(s);
  },
  confirm: async (ctx, s, input) => {
    const w = words[s.language];
    if (input === "2") return { end: w.cancelled };
    if (input !== "1") return invalid(s);
    try {
      const order = await placeUssdOrder(ctx, s.user!, s.sessionId, {
        itemId: s.data.item!.id,
        quantity: s.data.quantity!,
      });
      await promptForUssdOrder(ctx, s.user!.id, order.orderId, s.phone);
      return { end: w.placed(order.orderNumber, order.totalKes) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const why = /unpaid/i.test(error.message)
        ? w.unpaidCap
        : /closed/i.test(error.message)
          ? w.accountClosed
          : w.shortStock;
      return { end: w.notPlaced(why) };
    }
  },
  ...farmSteps,
  visit_county: async (_ctx, s, input) => {
    const county = countyByName(input.trim());
    return county
      ? { to: "visit_ward", data: { ...s.data, visitCounty: county.name } }
      : { again: words[s.language].unknownCounty };
  },
};

/** The caller's answer to the session's screen: where it leads. */
export function step(ctx: AppContext, s: UssdSession, input: string): Promise<Next> {
  if (input.trim() === "") return Promise.resolve({ again: words[s.language].empty });
  if (s.screen === "ended") return Promise.resolve({ again: "" });
  return steps[s.screen](ctx, s, input.trim());
}
