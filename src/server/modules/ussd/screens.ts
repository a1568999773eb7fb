import type { ClientOrderState } from "../../../contract/client-states";
import type { Language } from "../../../contract/languages";

/** Amounts as a farmer reads them on a feature phone: "2,500". */
const kes = (n: number) => n.toLocaleString("en-KE");

/** A name cut to fit a numbered line of a 182-character screen. */
export const short = (s: string, max = 22) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}.` : s);

const numbered = (labels: string[], from = 1) => labels.map((l, i) => `${i + from} ${l}`).join("\n");
/** Numbered lines each ending in a new line, or nothing for no lines. */
const listed = (labels: string[]) => labels.map((l, i) => `${i + 1} ${l}\n`).join("");

const states: Record<ClientOrderState, { en: string; sw: string }> = {
  pending: { en: "Waiting", sw: "Inasubiri" },
  approved: { en: "Approved", sw: "Imekubaliwa" },
  processing: { en: "Packing", sw: "Inaandaliwa" },
  shipped: { en: "Sent", sw: "Imetumwa" },
  in_transit: { en: "On the way", sw: "Njiani" },
  delayed: { en: "Delayed", sw: "Imechelewa" },
  delivered: { en: "Delivered", sw: "Imefika" },
  rejected: { en: "Declined", sw: "Imekataliwa" },
  cancelled: { en: "Cancelled", sw: "Imeghairiwa" },
  refunded: { en: "Refunded", sw: "Imerudishiwa pesa" },
};

/** What a caller reads on each screen, in English: bodies without "CON"/"END". */
const en = {
  menu: (name: string | null) =>
    `Welcome to Urithi${name ? `, ${short(name, 20)}` : ""}\n1 Order again\n2 Top bulls\n3 My orders\n4 My cows\n5 Ask for an inseminator\n6 Call me\n0 Lugha/Language`,
  signupName: "Welcome to Urithi! Open an account.\nEnter your first and last name:",
  signupCounty: (labels: string[], more: boolean) =>
    `Your county:\n${numbered(labels)}${more ? "\n9 More" : "\n0 Back"}`,
  signupFarm: "Your farm:\n1 Dairy\n2 Beef\n3 Mixed\n4 Breeding\n5 Other",
  created: "Your Urithi account is open.",
  pickProduct: (labels: string[]) => `Order again:\n${numbered(labels)}\n0 Back`,
  noOrders: "You have no orders yet. Dial again and choose 2 Top bulls.",
  quantity: (name: string, price: number) => `${short(name, 40)}\nKES ${kes(price)} each.\nHow many (1-99)?`,
  confirm: (name: string, qty: number, total: number, phone: string) =>
    `${qty} x ${short(name, 40)}\nTotal KES ${kes(total)}\nPay by M-Pesa from ${phone}\n1 Confirm\n2 Cancel`,
  placed: (number: string, total: number) =>
    `Order ${number} for KES ${kes(total)} is placed. Check your phone for the M-Pesa prompt.`,
  cancelled: "Cancelled. Nothing was ordered.",
  notPlaced: (why: string) => `Not ordered: ${why}`,
  shortStock: "there is not enough in stock now.",
  unpaidCap: "you have too many unpaid orders. Pay or cancel one first.",
  accountClosed: "your account is closed. Please call Urithi.",
  breeds: (labels: string[]) => `Top bulls. Choose a breed:\n${numbered(labels)}\n0 Back`,
  noBreeds: "No bulls are for sale right now. Please try again later.",
  goals: "What for?\n1 Milk\n2 Beef\n3 Both (dual)",
  bulls: (labels: string[]) => `Choose one to order:\n${numbered(labels)}\n0 Back`,
  bull: (name: string, rate: number | null, price: number) =>
    `${short(name, 18)} ${rate === null ? "new" : `${rate}%`} KES ${kes(price)}`,
  noBulls: "No bulls of that kind are in stock now.\n0 Back",
  orders: (lines: string[]) => `Your latest orders:\n${lines.join("\n")}`,
  orderLine: (number: string, state: ClientOrderState, delivery: string | null) =>
    `${number} ${states[state].en}${delivery ? `, by ${delivery}` : ""}`,
  cowTag: "My cows. Enter the cow's ear tag:",
  visitTag: "Ask for an inseminator. Enter the cow's ear tag:",
  noCow: (tag: string) => `No cow in your herd has tag ${short(tag, 20)}.`,
  noCows: "You have no cows in Urithi yet. Add them at urithi.co.ke, then dial again.",
  cowEvent: (cow: string) =>
    `${short(cow)}: what happened today?\n1 Heat seen\n2 Inseminated\n3 Pregnant (PD)\n4 Not pregnant (PD)\n5 Calved\n0 Back`,
  straws: (labels: string[]) => `Which semen?\n${listed(labels)}0 Other semen`,
  straw: (bull: string, left: number) => `${short(bull, 18)} (${left} left)`,
  calfSex: "The calf is:\n1 Female\n2 Male",
  calfAlive: "Is the calf alive?\n1 Yes\n2 No",
  recorded: (cow: string, what: string) => `Recorded for ${short(cow)} today: ${what}. Thank you.`,
  eventNames: {
    heat: "heat",
    insemination: "insemination",
    pregnant: "pregnant",
    open: "not pregnant",
    calving: "calving",
  },
  notRecorded: (why: string) => `Not recorded: ${short(why, 140)}`,
  visitKind: (ai: number, pd: number) =>
    `Which visit?\n1 Insemination (KES ${kes(ai)})\n2 Pregnancy check (KES ${kes(pd)})\n0 Back`,
  visitHeat: "When did you see her in heat?\n1 Under 6 hours ago\n2 6 to 12 hours ago\n3 12 to 24 hours ago",
  visitCounty: "Your county (for example Nakuru):",
  visitWard: "Your ward or village:",
  /** `window` as the visit's SMS says it (" on 28 Nov, 14:00-19:00"), or "". */
  visitBooked: (window: string) =>
    `Request sent${window ? ` for a visit${window}` : ""}. We will text you the inseminator's name and phone.`,
  notBooked: (why: string) => `Not booked: ${short(why, 140)}`,
  callMe: (phone: string) => `Thank you. Our sales team will call you on ${phone} soon.`,
  invalid: "Not a valid choice.",
  empty: "You entered nothing.",
  lettersOnly: "Use letters only.",
  twoNames: "Enter two names, like Wanjiku Kamau.",
  unknownCounty: "County not known.",
  expired: (code: string) => `Your session timed out. Nothing was kept. Dial ${code} again.`,
  staffNumber: "This number is on a staff account. Staff use the website.",
  severalAccounts: "This number is on more than one Urithi account. Please call Urithi to join them.",
  closed: "Your Urithi account is closed. Please call Urithi.",
};

export type Words = typeof en;

/** The same in Kiswahili, screen for screen. */
const sw: Words = {
  menu: (name: string | null) =>
    `Karibu Urithi${name ? `, ${short(name, 20)}` : ""}\n1 Agiza tena\n2 Madume bora\n3 Oda zangu\n4 Ng'ombe wangu\n5 Omba mhimilishaji\n6 Nipigie simu\n0 Lugha/Language`,
  signupName: "Karibu Urithi! Fungua akaunti.\nAndika jina lako la kwanza na la mwisho:",
  signupCounty: (labels: string[], more: boolean) =>
    `Kaunti yako:\n${numbered(labels)}${more ? "\n9 Zaidi" : "\n0 Rudi"}`,
  signupFarm: "Shamba lako:\n1 Maziwa\n2 Nyama\n3 Mchanganyiko\n4 Ufugaji wa mbegu\n5 Lingine",
  created: "Akaunti yako imefunguliwa.",
  pickProduct: (labels: string[]) => `Agiza tena:\n${numbered(labels)}\n0 Rudi`,
  noOrders: "Hujaagiza bado. Piga tena uchague 2 Madume bora.",
  quantity: (name: string, price: number) =>
    `${short(name, 40)}\nKES ${kes(price)} kila moja.\nNgapi (1-99)?`,
  confirm: (name: string, qty: number, total: number, phone: string) =>
    `${qty} x ${short(name, 40)}\nJumla KES ${kes(total)}\nLipa kwa M-Pesa kutoka ${phone}\n1 Thibitisha\n2 Ghairi`,
  placed: (number: string, total: number) =>
    `Oda ${number} ya KES ${kes(total)} imewekwa. Angalia simu yako kwa ombi la M-Pesa.`,
  cancelled: "Imeghairiwa. Hakuna kilichoagizwa.",
  notPlaced: (why: string) => `Haikuagizwa: ${why}`,
  shortStock: "hakuna akiba ya kutosha sasa.",
  unpaidCap: "una oda nyingi ambazo hazijalipwa. Lipa au ghairi moja kwanza.",
  accountClosed: "akaunti yako imefungwa. Tafadhali piga simu Urithi.",
  breeds: (labels: string[]) => `Madume bora. Chagua aina:\n${numbered(labels)}\n0 Rudi`,
  noBreeds: "Hakuna madume yanayouzwa sasa. Tafadhali jaribu baadaye.",
  goals: "Kwa ajili ya?\n1 Maziwa\n2 Nyama\n3 Yote mawili",
  bulls: (labels: string[]) => `Chagua moja uagize:\n${numbered(labels)}\n0 Rudi`,
  bull: (name: string, rate: number | null, price: number) =>
    `${short(name, 18)} ${rate === null ? "mpya" : `${rate}%`} KES ${kes(price)}`,
  noBulls: "Hakuna madume ya aina hiyo sasa.\n0 Rudi",
  orders: (lines: string[]) => `Oda zako za mwisho:\n${lines.join("\n")}`,
  orderLine: (number: string, state: ClientOrderState, delivery: string | null) =>
    `${number} ${states[state].sw}${delivery ? `, kufika ${delivery}` : ""}`,
  cowTag: "Ng'ombe wangu. Andika namba ya hereni ya ng'ombe:",
  visitTag: "Omba mhimilishaji. Andika namba ya hereni ya ng'ombe:",
  noCow: (tag: string) => `Hakuna ng'ombe wako mwenye hereni ${short(tag, 20)}.`,
  noCows: "Huna ng'ombe kwenye Urithi bado. Waongeze kwenye urithi.co.ke, kisha piga tena.",
  cowEvent: (cow: string) =>
    `${short(cow)}: nini kimetokea leo?\n1 Ameonyesha joto\n2 Amehimilishwa\n3 Ana mimba\n4 Hana mimba\n5 Amezaa\n0 Rudi`,
  straws: (labels: string[]) => `Mbegu gani?\n${listed(labels)}0 Mbegu nyingine`,
  straw: (bull: string, left: number) => `${short(bull, 18)} (zimebaki ${left})`,
  calfSex: "Ndama ni:\n1 Jike\n2 Dume",
  calfAlive: "Ndama yu hai?\n1 Ndiyo\n2 Hapana",
  recorded: (cow: string, what: string) => `Imerekodiwa kwa ${short(cow)} leo: ${what}. Asante.`,
  eventNames: {
    heat: "joto",
    insemination: "uhimilishaji",
    pregnant: "ana mimba",
    open: "hana mimba",
    calving: "kuzaa",
  },
  notRecorded: (_why: string) =>
    "Haikurekodiwa: tarehe hailingani na rekodi za ng'ombe huyu. Angalia rekodi zake kwenye urithi.co.ke.",
  visitKind: (ai: number, pd: number) =>
    `Ziara gani?\n1 Uhimilishaji (KES ${kes(ai)})\n2 Kupima mimba (KES ${kes(pd)})\n0 Rudi`,
  visitHeat:
    "Uliona joto lini?\n1 Chini ya saa 6 zilizopita\n2 Saa 6 hadi 12 zilizopita\n3 Saa 12 hadi 24 zilizopita",
  visitCounty: "Kaunti yako (kwa mfano Nakuru):",
  visitWard: "Kata au kijiji chako:",
  visitBooked: (window: string) =>
    `Ombi limetumwa${window ? ` kwa ziara${window}` : ""}. Tutakutumia SMS jina na simu ya mhimilishaji.`,
  notBooked: (_why: string) =>
    "Ombi halikutumwa: ng'ombe huyu ana ziara tayari au ameondoka. Piga 6 Nipigie simu.",
  callMe: (phone: string) => `Asante. Timu yetu ya mauzo itakupigia ${phone} hivi karibuni.`,
  invalid: "Chaguo si sahihi.",
  empty: "Hukuandika kitu.",
  lettersOnly: "Tumia herufi tu.",
  twoNames: "Andika majina mawili, kama Wanjiku Kamau.",
  unknownCounty: "Kaunti haijulikani.",
  expired: (code: string) => `Muda wako umekwisha. Hakuna kilichohifadhiwa. Piga ${code} tena.`,
  staffNumber: "Namba hii ni ya mfanyakazi. Wafanyakazi hutumia tovuti.",
  severalAccounts: "Namba hii iko kwenye akaunti zaidi ya moja za Urithi. Tafadhali piga simu Urithi.",
  closed: "Akaunti yako ya Urithi imefungwa. Tafadhali piga simu Urithi.",
};

export const words: Record<Language, Words> = { en, sw };

/** The first screen on a phone's first call, before its language is known. */
export const LANGUAGE_SCREEN = "Karibu Urithi / Welcome to Urithi\n1 Kiswahili\n2 English";
/** Said in both languages where the caller's is not known yet. */
export const NOT_KENYAN =
  "Urithi kwa USSD ni kwa namba za Kenya tu.\nUrithi by USSD is for Kenyan numbers only.";
export const TRY_LATER =
  "Samahani, kuna tatizo. Jaribu tena baadaye.\nSorry, something went wrong. Please try again later.";
export const bothLanguages = (sw: string, en: string) => `${sw}\n${en}`;
