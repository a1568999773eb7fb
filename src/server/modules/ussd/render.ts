import { counties } from "../../../contract/farm-profile";
import { LANGUAGE_SCREEN, short, words } from "./screens";
import type { SessionData, UssdSession } from "./session-state";

/** Counties a signup screen lists at once; the rest are on the next page. */
export const COUNTIES_PER_PAGE = 8;

export const countyPage = (page: number) =>
  counties.slice(page * COUNTIES_PER_PAGE, (page + 1) * COUNTIES_PER_PAGE);

const kes = (n: number) => n.toLocaleString("en-KE");

/** The caller's choice among `n` numbered options, or null for anything else. */
export const pick = (input: string, n: number): number | null => {
  const k = /^\d{1,2}$/.test(input) ? Number(input) : 0;
  return k >= 1 && k <= n ? k : null;
};

/** The body of the session's current screen, with a notice (why the last answer was refused) above it. */
export function render(s: Pick<UssdSession, "screen" | "language" | "phone">, d: SessionData): string {
  const w = words[s.language];
  const body = (): string => {
    switch (s.screen) {
      case "language":
        return LANGUAGE_SCREEN;
      case "menu":
        return w.menu(d.name ?? null);
      case "signup_name":
        return w.signupName;
      case "signup_county": {
        const page = d.page ?? 0;
        return w.signupCounty([...countyPage(page)], page === 0);
      }
      case "signup_farm":
        return w.signupFarm;
      case "pick_product":
        return w.pickProduct((d.choices ?? []).map((c) => `${c.name.slice(0, 24)} KES ${kes(c.price)}`));
      case "breeds":
        return w.breeds((d.breeds ?? []).map((b) => short(b, 16)));
      case "goals":
        return w.goals;
      case "bulls":
        return d.choices?.length
          ? w.bulls(d.choices.map((c) => w.bull(c.name, c.rate ?? null, c.price)))
          : w.noBulls;
      case "quantity":
        return w.quantity(d.item!.name, d.item!.price);
      case "confirm":
        return w.confirm(
          d.item!.name,
          d.quantity!,
          d.item!.price * d.quantity!,
          s.phone.replace(/^\+254/, "0"),
        );
      case "cow_tag":
        return d.forVisit ? w.visitTag : w.cowTag;
      case "cow_event":
        return w.cowEvent(d.cow!.name);
      case "straw":
        return w.straws((d.straws ?? []).map((x) => w.straw(x.bull, x.left)));
      case "calf_sex":
        return w.calfSex;
      case "calf_alive":
        return w.calfAlive;
      case "visit_kind":
        return w.visitKind(d.prices!.ai, d.prices!.pd);
      case "visit_heat":
        return w.visitHeat;
      case "visit_county":
        return w.visitCounty;
      case "visit_ward":
        return w.visitWard;
      case "ended":
        return "";
    }
  };
  return d.notice ? `${d.notice}\n${body()}` : body();
}
