import { describe, expect, it } from "vitest";
import { clientOrderStates } from "../../../contract/client-states";
import { languages } from "../../../contract/languages";
import { USSD_SCREEN_MAX } from "../../../contract/ussd";
import { render } from "./render";
import { LANGUAGE_SCREEN, NOT_KENYAN, TRY_LATER, words } from "./screens";
import type { Screen, SessionData } from "./session-state";

const long = (n: number) => "W".repeat(n);
const choice = { id: 1, name: long(60), price: 999_999, rate: 100 };
/** Every screen's data at its longest: names past any cut, the highest prices, three choices. */
const worst: SessionData = {
  name: long(100),
  choices: [choice, choice, choice],
  breeds: Array.from({ length: 6 }, () => long(60)),
  item: choice,
  quantity: 99,
  cow: { id: 1, name: long(60) },
  straws: [1, 2, 3].map((orderItemId) => ({ orderItemId, bull: long(60), left: 999 })),
  prices: { ai: 999_999, pd: 999_999 },
};
const screens: Screen[] = [
  "language",
  "menu",
  "signup_name",
  "signup_county",
  "signup_farm",
  "pick_product",
  "breeds",
  "goals",
  "bulls",
  "quantity",
  "confirm",
  "cow_tag",
  "cow_event",
  "straw",
  "calf_sex",
  "calf_alive",
  "visit_kind",
  "visit_heat",
  "visit_county",
  "visit_ward",
];

describe("USSD screens", () => {
  it.each(languages)("fit 182 characters with any notice, at their longest (%s)", (language) => {
    const w = words[language];
    // The notices each screen's step may put above it (every screen: a wrong choice, or nothing typed).
    const extra: Partial<Record<Screen, string[]>> = {
      menu: [w.created],
      signup_name: [w.lettersOnly, w.twoNames],
      cow_tag: [w.noCow(long(40))],
      visit_county: [w.unknownCounty],
      visit_ward: [w.lettersOnly],
    };
    for (const screen of screens) {
      for (const page of [0, 1]) {
        for (const notice of [undefined, w.invalid, w.empty, ...(extra[screen] ?? [])]) {
          const shown = `CON ${render({ screen, language, phone: "+254712345678" }, { ...worst, page, notice })}`;
          expect(shown.length, `${screen}: ${shown}`).toBeLessThanOrEqual(USSD_SCREEN_MAX);
        }
      }
    }
    expect(render({ screen: "bulls", language, phone: "+254712345678" }, {})).toBe(w.noBulls);
  });

  it.each(languages)("end within 182 characters, at their longest (%s)", (language) => {
    const w = words[language];
    const number = "ORD-2026-0001234567";
    const ends = [
      w.noOrders,
      w.placed(number, 99_999_999),
      w.cancelled,
      w.notPlaced(w.shortStock),
      w.notPlaced(w.unpaidCap),
      w.notPlaced(w.accountClosed),
      w.noBreeds,
      w.orders(clientOrderStates.slice(0, 3).map((s) => w.orderLine(number, s, "30 Sep"))),
      ...clientOrderStates.map((s) =>
        w.orders([
          w.orderLine(number, s, "30 Sep"),
          w.orderLine(number, s, "30 Sep"),
          w.orderLine(number, s, "30 Sep"),
        ]),
      ),
      w.noCows,
      w.recorded(long(60), w.eventNames.insemination),
      w.notRecorded(long(400)),
      w.visitBooked(language === "sw" ? " tarehe 28 Des, 14:00-19:00" : " on 28 Nov, 14:00-19:00"),
      w.notBooked(long(400)),
      w.callMe("0712345678"),
      w.expired("*384*22222#"),
      w.staffNumber,
      w.severalAccounts,
      w.closed,
      NOT_KENYAN,
      TRY_LATER,
      LANGUAGE_SCREEN,
    ];
    for (const end of ends) expect(`END ${end}`.length, end).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  });
});
