import type { counties } from "../../../contract/farm-profile";
import type { Language } from "../../../contract/languages";
import type { SessionUserRow } from "../auth/sessions";
import type { Choice } from "./ussd-order";

/** The screens of the menu, one per question the caller is answering. */
export type Screen =
  | "language"
  | "menu"
  | "signup_name"
  | "signup_county"
  | "signup_farm"
  | "pick_product"
  | "breeds"
  | "goals"
  | "bulls"
  | "quantity"
  | "confirm"
  | "cow_tag"
  | "cow_event"
  | "straw"
  | "calf_sex"
  | "calf_alive"
  | "visit_kind"
  | "visit_heat"
  | "visit_county"
  | "visit_ward"
  | "ended";

/** What a session has been told so far: the choices a screen showed, and the answers given. */
export interface SessionData {
  name?: string | null;
  notice?: string;
  page?: number;
  firstName?: string;
  lastName?: string;
  county?: (typeof counties)[number];
  choices?: Choice[];
  breeds?: string[];
  breed?: string;
  item?: Choice;
  quantity?: number;
  cow?: { id: number; name: string };
  forVisit?: boolean;
  straws?: { orderItemId: number; bull: string; left: number }[];
  calfSex?: "female" | "male";
  prices?: { ai: number; pd: number };
  kind?: "ai" | "pd";
  heatHours?: number | null;
  visitCounty?: string;
}

/** One step's view of its session: who is calling, in which language, on which screen. */
export interface UssdSession {
  sessionId: string;
  phone: string;
  serviceCode: string;
  user: SessionUserRow | null;
  language: Language;
  screen: Screen;
  data: SessionData;
}

/** Where a step goes: another screen (with what it learned), the end, or the same screen again with why. */
export type Next =
  | { to: Screen; data?: SessionData; user?: SessionUserRow; language?: Language }
  | { end: string }
  | { again: string };

/** Back to the main menu, greeting the caller by name. */
export const home = (s: UssdSession): Next => ({ to: "menu", data: { name: s.user?.firstName ?? null } });
