import { type BullFacts, lineLabel, shortLineLabel } from "../../../contract/client-labels";
import { type Language, languageLocales } from "../../../contract/languages";
import type { MessageKind } from "../../../contract/messages";
import { escapeHtml } from "../../http/escape-html";

/** What a message may tell; each template reads the facts it needs. */
export interface MessageFacts {
  /** The reader's first name. */
  name: string;
  /** Who placed the order, in messages to staff. */
  customer?: string;
  orderNumber?: string;
  amountKes?: number;
  phone?: string;
  bank?: { bankName: string; accountName: string; accountNumber: string; branch: string };
  /** Pay by (bank), expected delivery (approved, delayed), delivered on (delivered). */
  date?: Date | null;
  reason?: string | null;
  carrier?: string;
  trackingNumber?: string;
  receipt?: string | null;
  /** The order summary in emails. */
  lines?: (BullFacts & { name: string; quantity: number; lineTotalKes: number })[];
  /** Still to pay on the order after this payment (a part payment's message says it). */
  balanceKes?: number;
  /** A storage alarm's text. */
  alarm?: string;
  /** The low-stock digest's rows. */
  lowStock?: { itemId: string; breedName: string; available: number }[];
  /** A one-time link (staff invite, password reset) and how long it lasts: hours, or minutes when asked for. */
  link?: string;
  hours?: number;
  minutes?: number;
  /** The cow a cow-calendar message is about: her name, else her tag. */
  cow?: string;
  /** The name a person gave a passkey they added. */
  passkey?: string;
  /** A 6-digit code sent by SMS (a password reset, or proving a mobile is the reader's). */
  code?: string;
  /** Who did it (the Director inviting, changing a role) and the role's name. */
  actor?: string;
  role?: string;
  /** A service visit: insemination or pregnancy check, and the window the AM–PM rule suggests. */
  service?: "ai" | "pd";
  visit?: { from: Date; to: Date } | null;
  /** Where a visit is: ward and county, or the farmer's words. */
  place?: string;
}

export interface RenderedMessage {
  sms: string;
  subject: string;
  text: string;
  html: string;
}

/** One formatter per language, made once: building an Intl formatter costs far more than using one. */
const perLanguage = <T>(make: (locale: string) => T): ((lang: Language) => T) => {
  const made = new Map<Language, T>();
  return (lang) => {
    let formatter = made.get(lang);
    if (!formatter) {
      formatter = make(languageLocales[lang]);
      made.set(lang, formatter);
    }
    return formatter;
  };
};
const moneyFormat = perLanguage((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
const dayFormat = perLanguage(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "Africa/Nairobi",
    }),
);
const money = (lang: Language, kes: number | undefined) => `KSh ${moneyFormat(lang).format(kes ?? 0)}`;
const day = (lang: Language, d: Date | null | undefined) =>
  d ? dayFormat(lang).format(d) : lang === "sw" ? "tutakujulisha" : "to be confirmed";

/** A staff-typed reason, cut to what one SMS part has room for; the email carries it whole. */
const clip = (s: string, max = 60) =>
  s.length <= max ? s : `${s.slice(0, max - 3).replace(/\s+\S*$/, "")}...`;
/**
 * What was ordered, in the few words an SMS has room for: the first line's bull and quantity, and how many
 * lines more (" (Maziwa Bora, sexed x10 +1 more)"), or "" for an order without lines.
 */
function smsLines(lang: Language, lines: MessageFacts["lines"]): string {
  const [first, ...rest] = lines ?? [];
  if (!first) return "";
  const more = rest.length === 0 ? "" : lang === "sw" ? ` na ${rest.length} zaidi` : ` +${rest.length} more`;
  return ` (${shortLineLabel(lang, first, (name) => clip(name, 24))} x${first.quantity}${more})`;
}
/** The SMS with what was ordered when one part has room for it, else without. */
const withLines = (lang: Language, lines: MessageFacts["lines"], sms: (items: string) => string) => {
  const full = sms(smsLines(lang, lines));
  return full.length <= 160 ? full : sms("");
};
const timeFormat = perLanguage(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
      timeZone: "Africa/Nairobi",
    }),
);
const dayMonthFormat = perLanguage(
  (locale) => new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "Africa/Nairobi" }),
);
/** A Nairobi day as a farmer reads it in a line: "2 Dec", "2 Des". */
export const shortDay = (lang: Language, d: Date) => dayMonthFormat(lang).format(d);
/** A visit's window as a farmer reads it: " on 28 Nov, 14:00-19:00" (Nairobi time), or "" when none. */
export function visitWindow(lang: Language, visit: MessageFacts["visit"]): string {
  if (!visit) return "";
  const hours = `${timeFormat(lang).format(visit.from)}-${timeFormat(lang).format(visit.to)}`;
  return `${lang === "sw" ? " tarehe" : " on"} ${shortDay(lang, visit.from)}, ${hours}`;
}
/** The cow a calendar message names, short enough for one SMS. */
const cowOf = (f: MessageFacts) => clip(f.cow ?? "", 24);
/** Ends the text as a sentence, unless the reader already did (or it was cut short). */
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

type Words = { sms: string; subject: string };
/** `cut` shortens free text to fit an SMS; the email's words are made with it leaving text whole. */
type Template = (f: MessageFacts, lang: Language, cut: (s: string) => string) => Words;

/**
 * Each kind in both languages: the SMS (kept to one 160-character GSM-7 part with everyday names and order
 * numbers) and the email's subject. Kiswahili is written as a Kenyan farmer would say it, not word for word.
 */
const templates: Record<MessageKind, Record<Language, Template>> = {
  order_received: {
    en: (f, l) => ({
      sms: withLines(
        l,
        f.lines,
        (items) =>
          `Urithi: Hi ${f.name}, we have received order ${f.orderNumber}${items} for ${money(l, f.amountKes)}. We will tell you when it is approved.`,
      ),
      subject: `We have received your order ${f.orderNumber}`,
    }),
    sw: (f, l) => ({
      sms: withLines(
        l,
        f.lines,
        (items) =>
          `Urithi: Habari ${f.name}, tumepokea agizo lako ${f.orderNumber}${items} la ${money(l, f.amountKes)}. Tutakujulisha likiidhinishwa.`,
      ),
      subject: `Tumepokea agizo lako ${f.orderNumber}`,
    }),
  },
  payment_prompt: {
    en: (f, l) => ({
      sms: `Urithi: An M-Pesa prompt for ${money(l, f.amountKes)} (order ${f.orderNumber}) was sent to ${f.phone}. Enter your M-Pesa PIN to pay.`,
      subject: `Pay ${money(l, f.amountKes)} for order ${f.orderNumber} with M-Pesa`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: Ombi la M-Pesa la ${money(l, f.amountKes)} (agizo ${f.orderNumber}) limetumwa kwa ${f.phone}. Weka PIN yako ya M-Pesa ili kulipa.`,
      subject: `Lipa ${money(l, f.amountKes)} kwa agizo ${f.orderNumber} kwa M-Pesa`,
    }),
  },
  payment_bank_details: {
    en: (f, l) => ({
      sms: `Urithi: Pay ${money(l, f.amountKes)} to ${f.bank?.bankName} a/c ${f.bank?.accountNumber}, ref ${f.orderNumber}, by ${day(l, f.date)}.`,
      subject: `How to pay for order ${f.orderNumber} by bank transfer`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: Lipa ${money(l, f.amountKes)} kwa ${f.bank?.bankName} akaunti ${f.bank?.accountNumber}, kumbukumbu ${f.orderNumber}, kabla ya ${day(l, f.date)}.`,
      subject: `Jinsi ya kulipia agizo ${f.orderNumber} kupitia benki`,
    }),
  },
  payment_received: {
    en: (f, l) => ({
      sms: `Urithi: We have received ${money(l, f.amountKes)} for order ${f.orderNumber}${f.receipt ? ` (M-Pesa ref ${f.receipt})` : ""}.${f.balanceKes ? ` Balance to pay: ${money(l, f.balanceKes)}.` : ""} Thank you!`,
      subject: `Payment received for order ${f.orderNumber}`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: Tumepokea ${money(l, f.amountKes)} kwa agizo ${f.orderNumber}${f.receipt ? ` (kumbukumbu ya M-Pesa ${f.receipt})` : ""}.${f.balanceKes ? ` Salio la kulipa: ${money(l, f.balanceKes)}.` : ""} Asante sana!`,
      subject: `Tumepokea malipo ya agizo ${f.orderNumber}`,
    }),
  },
  refund_sent: {
    en: (f, l) => ({
      sms: `Urithi: We have refunded ${money(l, f.amountKes)} on order ${f.orderNumber}${f.receipt ? ` (ref ${f.receipt})` : ""}. Call us if it has not reached you in 3 days.`,
      subject: `Refund of ${money(l, f.amountKes)} on order ${f.orderNumber}`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: Tumekurudishia ${money(l, f.amountKes)} ya agizo ${f.orderNumber}${f.receipt ? ` (kumbukumbu ${f.receipt})` : ""}. Tupigie kama hazijakufikia ndani ya siku 3.`,
      subject: `Umerudishiwa ${money(l, f.amountKes)} ya agizo ${f.orderNumber}`,
    }),
  },
  order_cancelled: {
    en: (f, _l, cut) => ({
      sms: `Urithi: Order ${f.orderNumber} has been cancelled.${f.reason ? ` ${sentence(cut(f.reason))}` : ""} Call us and we will help.`,
      subject: `Order ${f.orderNumber} has been cancelled`,
    }),
    sw: (f, _l, cut) => ({
      sms: `Urithi: Agizo ${f.orderNumber} limeghairiwa.${f.reason ? ` ${sentence(cut(f.reason))}` : ""} Tupigie tukusaidie.`,
      subject: `Agizo ${f.orderNumber} limeghairiwa`,
    }),
  },
  payment_failed: {
    en: (f) => ({
      sms: `Urithi: The M-Pesa payment for order ${f.orderNumber} did not go through. Open My Orders to try again.`,
      subject: `Payment for order ${f.orderNumber} did not go through`,
    }),
    sw: (f) => ({
      sms: `Urithi: Malipo ya M-Pesa ya agizo ${f.orderNumber} hayakufaulu. Fungua Maagizo Yangu ujaribu tena.`,
      subject: `Malipo ya agizo ${f.orderNumber} hayakufaulu`,
    }),
  },
  hold_ending: {
    en: (f, l) => ({
      sms: `Urithi: Order ${f.orderNumber} is held for you for ${f.minutes} more minutes. Pay ${money(l, f.amountKes)} by M-Pesa in My Orders, or the items go back on sale.`,
      subject: `Order ${f.orderNumber}: ${f.minutes} minutes left to pay`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: Agizo ${f.orderNumber} limeshikiliwa kwa dakika ${f.minutes} zaidi. Lipa ${money(l, f.amountKes)} kwa M-Pesa kwenye Maagizo Yangu, la sivyo bidhaa zitarudi sokoni.`,
      subject: `Agizo ${f.orderNumber}: zimebaki dakika ${f.minutes} za kulipa`,
    }),
  },
  payment_expired: {
    en: (f) => ({
      sms: `Urithi: Order ${f.orderNumber} was cancelled because payment did not arrive in time. You are welcome to order again.`,
      subject: `Order ${f.orderNumber} was cancelled: no payment arrived`,
    }),
    sw: (f) => ({
      sms: `Urithi: Agizo ${f.orderNumber} limeghairiwa kwa sababu malipo hayakufika kwa wakati. Karibu uagize tena.`,
      subject: `Agizo ${f.orderNumber} limeghairiwa: malipo hayakufika`,
    }),
  },
  order_approved: {
    en: (f, l) => ({
      sms: withLines(
        l,
        f.lines,
        (items) =>
          `Urithi: Good news! Order ${f.orderNumber}${items} is approved. Expected delivery: ${day(l, f.date)}.`,
      ),
      subject: `Order ${f.orderNumber} is approved`,
    }),
    sw: (f, l) => ({
      sms: withLines(
        l,
        f.lines,
        (items) =>
          `Urithi: Habari njema! Agizo ${f.orderNumber}${items} limeidhinishwa. Litafika karibu ${day(l, f.date)}.`,
      ),
      subject: `Agizo ${f.orderNumber} limeidhinishwa`,
    }),
  },
  order_rejected: {
    en: (f, _l, cut) => ({
      sms: `Urithi: Sorry, order ${f.orderNumber} was not approved. Reason: ${sentence(cut(f.reason ?? "not given"))} Call us and we will help.`,
      subject: `Order ${f.orderNumber} was not approved`,
    }),
    sw: (f, _l, cut) => ({
      sms: `Urithi: Samahani, agizo ${f.orderNumber} halikuidhinishwa. Sababu: ${sentence(cut(f.reason ?? "haikutajwa"))} Tupigie tukusaidie.`,
      subject: `Agizo ${f.orderNumber} halikuidhinishwa`,
    }),
  },
  order_shipped: {
    en: (f) => ({
      sms: `Urithi: Order ${f.orderNumber} is on its way with ${f.carrier}. Tracking number: ${f.trackingNumber}.`,
      subject: `Order ${f.orderNumber} is on its way`,
    }),
    sw: (f) => ({
      sms: `Urithi: Agizo ${f.orderNumber} liko njiani kupitia ${f.carrier}. Nambari ya kufuatilia: ${f.trackingNumber}.`,
      subject: `Agizo ${f.orderNumber} liko njiani`,
    }),
  },
  order_delayed: {
    en: (f, l, cut) => ({
      sms: `Urithi: Sorry, order ${f.orderNumber} is delayed${f.reason ? `: ${sentence(cut(f.reason))}` : "."} New expected date: ${day(l, f.date)}.`,
      subject: `Delivery of order ${f.orderNumber} is delayed`,
    }),
    sw: (f, l, cut) => ({
      sms: `Urithi: Samahani, agizo ${f.orderNumber} limechelewa${f.reason ? `: ${sentence(cut(f.reason))}` : "."} Tarehe mpya: ${day(l, f.date)}.`,
      subject: `Agizo ${f.orderNumber} limechelewa`,
    }),
  },
  cow_repeat_heat: {
    en: (f, l) => ({
      sms: `Urithi: Watch ${cowOf(f)} for heat until ${day(l, f.date)}. If she shows heat she did not hold: call your inseminator to serve her again.`,
      subject: `Watch ${cowOf(f)} for repeat heat`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: Mchunguze ${cowOf(f)} kama ana joto hadi ${day(l, f.date)}. Akionyesha joto hakushika mimba: mwite mhudumu wa AI amdungie tena.`,
      subject: `Mchunguze ${cowOf(f)} kama ana joto tena`,
    }),
  },
  cow_pd_due: {
    en: (f, l) => ({
      sms: `Urithi: Have ${cowOf(f)} checked for pregnancy (PD) by ${day(l, f.date)}. Then reply 1 if she is pregnant, 2 if she is not.`,
      subject: `${cowOf(f)} is due for a pregnancy check`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: ${cowOf(f)} apimwe mimba (PD) kabla ya ${day(l, f.date)}. Kisha jibu 1 kama ana mimba, 2 kama hana.`,
      subject: `${cowOf(f)} anahitaji kupimwa mimba`,
    }),
  },
  cow_dry_off: {
    en: (f, l) => ({
      sms: `Urithi: Time to dry off ${cowOf(f)}: she is due to calve about ${day(l, f.date)}. Stop milking her and feed her well.`,
      subject: `Time to dry off ${cowOf(f)}`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: Ni wakati wa kumkausha ${cowOf(f)}: anatarajiwa kuzaa karibu ${day(l, f.date)}. Acha kumkamua na umlishe vizuri.`,
      subject: `Ni wakati wa kumkausha ${cowOf(f)}`,
    }),
  },
  cow_calving_due: {
    en: (f, l) => ({
      sms: `Urithi: ${cowOf(f)} is due to calve about ${day(l, f.date)}. Keep her close and call a vet if the calving is hard.`,
      subject: `${cowOf(f)} is due to calve`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: ${cowOf(f)} anatarajiwa kuzaa karibu ${day(l, f.date)}. Mweke karibu na umwite daktari wa mifugo akipata shida.`,
      subject: `${cowOf(f)} anatarajiwa kuzaa`,
    }),
  },
  cow_pd_recorded: {
    en: (f) => ({
      sms: `Urithi: Thank you. ${cowOf(f)} is recorded as ${f.reason === "pregnant" ? "pregnant" : "not pregnant"}.`,
      subject: `${cowOf(f)}: pregnancy check recorded`,
    }),
    sw: (f) => ({
      sms: `Urithi: Asante. ${cowOf(f)} amerekodiwa kuwa ${f.reason === "pregnant" ? "ana mimba" : "hana mimba"}.`,
      subject: `${cowOf(f)}: kipimo cha mimba kimerekodiwa`,
    }),
  },
  order_delivered: {
    en: (f, l) => ({
      sms: `Urithi: Order ${f.orderNumber} was delivered on ${day(l, f.date)}. Thank you for choosing Urithi!`,
      subject: `Order ${f.orderNumber} has been delivered`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: Agizo ${f.orderNumber} limefika tarehe ${day(l, f.date)}. Asante kwa kuchagua Urithi!`,
      subject: `Agizo ${f.orderNumber} limefika`,
    }),
  },
  approval_needed: {
    en: (f, l) => ({
      sms: `Urithi: ${f.customer} placed order ${f.orderNumber} for ${money(l, f.amountKes)}. It awaits approval.`,
      subject: `Order ${f.orderNumber} awaits approval`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: ${f.customer} ameweka agizo ${f.orderNumber} la ${money(l, f.amountKes)}. Linasubiri kuidhinishwa.`,
      subject: `Agizo ${f.orderNumber} linasubiri kuidhinishwa`,
    }),
  },
  backup_alarm: {
    en: (f) => ({
      sms: `Urithi BACKUP: ${f.alarm}. See Settings > Backups.`,
      subject: `Backup alarm: ${f.alarm}`,
    }),
    sw: (f) => ({
      sms: `Urithi NAKALA: ${f.alarm}. Angalia Mipangilio.`,
      subject: `Tahadhari ya nakala: ${f.alarm}`,
    }),
  },
  service_assigned: {
    en: (f, l) => ({
      sms: `Urithi: ${clip(f.actor ?? "", 28)}, ${f.phone}, will come ${f.service === "pd" ? "to check" : "to inseminate"} ${cowOf(f)}${visitWindow(l, f.visit)}. Price ${money(l, f.amountKes)}.`,
      subject: `A technician is coming for ${cowOf(f)}`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: ${clip(f.actor ?? "", 28)}, ${f.phone}, atakuja ${f.service === "pd" ? "kumpima mimba" : "kumpandisha"} ${cowOf(f)}${visitWindow(l, f.visit)}. Bei ${money(l, f.amountKes)}.`,
      subject: `Mtaalamu anakuja kwa ${cowOf(f)}`,
    }),
  },
  service_job: {
    en: (f, l) => ({
      sms: `Urithi job: ${f.service === "pd" ? "PD" : "AI"} for ${cowOf(f)} at ${clip(f.place ?? "", 40)}${visitWindow(l, f.visit)}. Farmer ${f.phone}. See /field.`,
      subject: `New job: ${f.service === "pd" ? "PD" : "AI"} for ${cowOf(f)}`,
    }),
    sw: (f, l) => ({
      sms: `Urithi kazi: ${f.service === "pd" ? "PD" : "AI"} kwa ${cowOf(f)} huko ${clip(f.place ?? "", 40)}${visitWindow(l, f.visit)}. Mkulima ${f.phone}. Angalia /field.`,
      subject: `Kazi mpya: ${f.service === "pd" ? "PD" : "AI"} kwa ${cowOf(f)}`,
    }),
  },
  service_unassigned: {
    en: (f) => ({
      sms: `Urithi: ${f.alarm}. Assign a technician on Dispatch.`,
      subject: `Waiting for a technician: ${f.alarm}`,
    }),
    sw: (f) => ({
      sms: `Urithi: ${f.alarm}. Mpe mtaalamu kwenye Dispatch.`,
      subject: `Inasubiri mtaalamu: ${f.alarm}`,
    }),
  },
  flask_overdue: {
    en: (f, l) => ({
      sms: `Urithi: Flask ${clip(f.alarm ?? "", 30)} (${clip(f.actor ?? "", 30)}) was due back on ${day(l, f.date)}. Please return it to the store.`,
      subject: `Flask ${f.alarm} is overdue`,
    }),
    sw: (f, l) => ({
      sms: `Urithi: Chupa ya LN2 ${clip(f.alarm ?? "", 30)} (${clip(f.actor ?? "", 30)}) ilitakiwa kurudishwa ${day(l, f.date)}. Tafadhali irudishe stoo.`,
      subject: `Chupa ${f.alarm} imechelewa kurudishwa`,
    }),
  },
  batch_fertility_low: {
    en: (f) => ({
      sms: `Urithi: ${f.alarm}. Possible handling or storage damage: see Reports > Fertility.`,
      subject: `Batch conception low: ${f.alarm}`,
    }),
    sw: (f) => ({
      sms: `Urithi: ${f.alarm}. Huenda imeharibika katika utunzaji au hifadhi: angalia Ripoti > Rutuba.`,
      subject: `Mimba chache kwa kundi: ${f.alarm}`,
    }),
  },
  storage_alarm: {
    en: (f) => ({
      sms: `Urithi ALARM: ${f.alarm}. Acknowledge it in Cryo Storage.`,
      subject: `Storage alarm: ${f.alarm}`,
    }),
    sw: (f) => ({
      sms: `Urithi TAHADHARI: ${f.alarm}. Thibitisha kwenye Cryo Storage.`,
      subject: `Tahadhari ya hifadhi: ${f.alarm}`,
    }),
  },
  low_stock_digest: {
    en: (f) => ({
      sms: `Urithi: ${f.lowStock?.length ?? 0} ${f.lowStock?.length === 1 ? "item is" : "items are"} low on stock today.`,
      subject: `Low stock today: ${f.lowStock?.length ?? 0} items`,
    }),
    sw: (f) => ({
      sms: `Urithi: Bidhaa ${f.lowStock?.length ?? 0} ${f.lowStock?.length === 1 ? "imepungua" : "zimepungua"} leo.`,
      subject: `Bidhaa zilizopungua leo: ${f.lowStock?.length ?? 0}`,
    }),
  },
  staff_invite: {
    en: (f) => ({
      sms: `Urithi: ${f.actor} invited you to Urithi as ${f.role}. Set your password within ${f.hours} hours: ${f.link}`,
      subject: "You are invited to Urithi",
    }),
    sw: (f) => ({
      sms: `Urithi: ${f.actor} amekualika kwenye Urithi kama ${f.role}. Weka nenosiri lako ndani ya saa ${f.hours}: ${f.link}`,
      subject: "Umealikwa kwenye Urithi",
    }),
  },
  // A Director sends a reset for 72 hours; one the person asked for lasts 15 minutes.
  password_reset: {
    en: (f) => ({
      sms: `Urithi: set a new password within ${f.minutes ? `${f.minutes} minutes` : `${f.hours} hours`}: ${f.link} ${f.actor ? "If you did not ask for this, tell a Director." : "If you did not ask for this, ignore this message: your password stays as it is."}`,
      subject: "Set a new Urithi password",
    }),
    sw: (f) => ({
      sms: `Urithi: weka nenosiri jipya ndani ya ${f.minutes ? `dakika ${f.minutes}` : `saa ${f.hours}`}: ${f.link} ${f.actor ? "Kama hukuomba hili, mwambie Mkurugenzi." : "Kama hukuomba hili, puuza ujumbe huu: nenosiri lako halibadiliki."}`,
      subject: "Weka nenosiri jipya la Urithi",
    }),
  },
  reset_code: {
    en: (f) => ({
      sms: `Urithi: your password reset code is ${f.code}. It works once, for ${f.minutes} minutes. Never share it. If you did not ask for it, ignore this SMS.`,
      subject: "Your Urithi password reset code",
    }),
    sw: (f) => ({
      sms: `Urithi: nambari yako ya kubadilisha nenosiri ni ${f.code}. Inatumika mara moja, kwa dakika ${f.minutes}. Usimpe mtu. Kama hukuiomba, puuza SMS hii.`,
      subject: "Nambari yako ya kubadilisha nenosiri la Urithi",
    }),
  },
  phone_code: {
    en: (f) => ({
      sms: `Urithi: your code to verify this mobile is ${f.code}. It works for ${f.minutes} minutes. Never share it.`,
      subject: "Your Urithi mobile verification code",
    }),
    sw: (f) => ({
      sms: `Urithi: nambari ya kuthibitisha simu hii ni ${f.code}. Inatumika kwa dakika ${f.minutes}. Usimpe mtu.`,
      subject: "Nambari ya kuthibitisha simu yako ya Urithi",
    }),
  },
  deletion_code: {
    en: (f) => ({
      sms: `Urithi: your code to DELETE your account is ${f.code}. It works for ${f.minutes} minutes. If you did not ask, ignore this.`,
      subject: "Your Urithi account deletion code",
    }),
    sw: (f) => ({
      sms: `Urithi: nambari ya KUFUTA akaunti yako ni ${f.code}. Inatumika kwa dakika ${f.minutes}. Kama hukuomba, puuza ujumbe huu.`,
      subject: "Nambari ya kufuta akaunti yako ya Urithi",
    }),
  },
  passkey_added: {
    en: (f) => ({
      sms: `Urithi: a passkey named "${f.passkey}" was added to your account. If this was not you, remove it on your account page and change your password.`,
      subject: "A passkey was added to your Urithi account",
    }),
    sw: (f) => ({
      sms: `Urithi: passkey iitwayo "${f.passkey}" imeongezwa kwenye akaunti yako. Kama si wewe, iondoe kwenye ukurasa wa akaunti yako na ubadilishe nenosiri.`,
      subject: "Passkey imeongezwa kwenye akaunti yako ya Urithi",
    }),
  },
  role_changed: {
    en: (f) => ({
      sms: `Urithi: ${f.actor} changed your role to ${f.role}. Your screens follow it from your next page.`,
      subject: `Your Urithi role is now ${f.role}`,
    }),
    sw: (f) => ({
      sms: `Urithi: ${f.actor} amebadilisha nafasi yako kuwa ${f.role}. Skrini zako zinafuata nafasi hiyo kuanzia ukurasa ujao.`,
      subject: `Nafasi yako ya Urithi sasa ni ${f.role}`,
    }),
  },
};

const emailWords = {
  en: { hello: "Hello", item: "Item", qty: "Qty", total: "Total", thanks: "The Urithi Genetics team" },
  sw: { hello: "Habari", item: "Bidhaa", qty: "Idadi", total: "Jumla", thanks: "Timu ya Urithi Genetics" },
} as const;

/** Bank details spelled out, for the email (the SMS has room for the account number only). */
function bankLines(f: MessageFacts, lang: Language): string[] {
  if (!f.bank) return [];
  const w =
    lang === "sw"
      ? ["Benki", "Jina la akaunti", "Nambari ya akaunti", "Tawi", "Kumbukumbu"]
      : ["Bank", "Account name", "Account number", "Branch", "Reference"];
  return [
    `${w[0]}: ${f.bank.bankName}`,
    `${w[1]}: ${f.bank.accountName}`,
    `${w[2]}: ${f.bank.accountNumber}`,
    `${w[3]}: ${f.bank.branch}`,
    `${w[4]}: ${f.orderNumber}`,
  ];
}

/** A message of `kind` in `lang`: its SMS, and its email with a text and an HTML body. */
export function renderMessage(kind: MessageKind, lang: Language, facts: MessageFacts): RenderedMessage {
  const words = templates[kind][lang](facts, lang, clip);
  const w = emailWords[lang];
  const lead = templates[kind]
    [lang](facts, lang, (text) => text)
    .sms.replace(/^Urithi( ALARM| TAHADHARI)?: /, "");
  const rows = (facts.lines ?? []).map((line) => [
    lineLabel(lang, line),
    String(line.quantity),
    money(lang, line.lineTotalKes),
  ]);
  const digest = (facts.lowStock ?? []).map((s) => [s.itemId, s.breedName, String(s.available)]);
  const table = rows.length > 0 ? rows : digest;
  const head = rows.length > 0 ? [w.item, w.qty, w.total] : ["ID", w.item, w.qty];
  const extra = bankLines(facts, lang);
  const text = [
    `${w.hello} ${facts.name},`,
    "",
    lead,
    ...(extra.length > 0 ? ["", ...extra] : []),
    ...(table.length > 0 ? ["", ...table.map((r) => r.join(" | "))] : []),
    ...(rows.length > 0 ? [`${w.total}: ${money(lang, facts.amountKes)}`] : []),
    "",
    w.thanks,
  ].join("\n");
  const cell = (tag: string, v: string) =>
    `<${tag} style="text-align:left;padding:4px 8px;border-bottom:1px solid #ddd">${escapeHtml(v)}</${tag}>`;
  const html = [
    `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">`,
    `<h2 style="color:#166534">${escapeHtml(words.subject)}</h2>`,
    `<p>${escapeHtml(`${w.hello} ${facts.name},`)}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    extra.length > 0 ? `<p>${extra.map(escapeHtml).join("<br>")}</p>` : "",
    table.length > 0
      ? `<table style="border-collapse:collapse"><tr>${head.map((h) => cell("th", h)).join("")}</tr>${table
          .map((r) => `<tr>${r.map((v) => cell("td", v)).join("")}</tr>`)
          .join("")}</table>`
      : "",
    rows.length > 0
      ? `<p><strong>${escapeHtml(`${w.total}: ${money(lang, facts.amountKes)}`)}</strong></p>`
      : "",
    `<p>${escapeHtml(w.thanks)}</p></div>`,
  ].join("");
  return { sms: words.sms, subject: words.subject, text, html };
}
