import { describe, expect, it } from "vitest";
import { languages } from "../../../contract/languages";
import { messageKinds } from "../../../contract/messages";
import { type MessageFacts, renderMessage } from "./templates";

/** GSM 03.38's basic set: what fits 160 characters to one SMS part (the extension set costs two each). */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

/** Everyday facts at their longest: a long first name, a full order number, a six-figure total. */
const facts: MessageFacts = {
  name: "Wanjiru",
  customer: "Kiambu Dairy Farmers Co-op",
  orderNumber: "ORD-2026-004217",
  amountKes: 1_250_000,
  phone: "+254722123456",
  bank: {
    bankName: "KCB Bank Kenya",
    accountName: "Urithi Genetics Ltd",
    accountNumber: "1234567890",
    branch: "Nakuru",
  },
  date: new Date("2026-12-24T09:00:00Z"),
  reason: "The bull's straws are reserved for a breeding programme",
  carrier: "DHL Express",
  trackingNumber: "TRK-904512776301",
  receipt: "SKL4H7XQ2P",
  lines: [
    {
      name: "Holstein Friesian Semen",
      bullName: "Maziwa Bora",
      bullCode: "KEN-HF-001",
      semenType: "sexed",
      quantity: 10,
      lineTotalKes: 45_000,
    },
  ],
  alarm: "LN2 Tank 2 is at -150°C, above the optimal range",
  lowStock: [{ itemId: "SEM-HF-101", breedName: "Holstein Friesian", available: 3 }],
};

/** Staff's own messages, and the account emails (which carry a link, and go by email only). */
const staffKinds = [
  "approval_needed",
  "storage_alarm",
  "low_stock_digest",
  "backup_alarm",
  "batch_fertility_low",
  "flask_overdue",
];
const accountEmails = ["staff_invite", "password_reset", "role_changed", "passkey_added"] as const;
/** The SMS codes: an account's, about no order. */
const accountCodes = ["reset_code", "phone_code", "deletion_code"] as const;
/** The cow calendar's messages: about a cow, not an order. */
const herdKinds = messageKinds.filter((k) => k.startsWith("cow_"));
/** A farm visit's messages: about a cow and a technician. */
const visitKinds = messageKinds.filter((k) => k.startsWith("service_"));
const clientKinds = messageKinds.filter(
  (k) =>
    !staffKinds.includes(k) &&
    !herdKinds.includes(k) &&
    !visitKinds.includes(k) &&
    ![...accountEmails, ...accountCodes].includes(k as (typeof accountEmails)[number]),
);

describe("message templates", () => {
  it.each(clientKinds.flatMap((kind) => languages.map((lang) => [kind, lang] as const)))(
    "%s in %s fits one GSM-7 SMS",
    (kind, lang) => {
      const { sms } = renderMessage(kind, lang, facts);
      expect(sms.length, sms).toBeLessThanOrEqual(160);
      expect(sms, sms).toMatch(GSM7);
      expect(sms).toContain(facts.orderNumber);
    },
  );

  it("writes the account emails in each language, with the link and how long it lasts", () => {
    const link = "https://urithi.example.co.ke/accept-invite?token=abc";
    const account = { ...facts, link, hours: 72, actor: "Grace Wanjiku", role: "Sales Manager" };
    for (const lang of languages) {
      const invite = renderMessage("staff_invite", lang, account);
      expect(invite.text).toContain(link);
      expect(invite.text).toContain("72");
      expect(invite.html).toContain(link);
      expect(renderMessage("password_reset", lang, account).text).toContain(link);
      expect(renderMessage("role_changed", lang, account).subject).toContain("Sales Manager");
      expect(renderMessage("passkey_added", lang, { ...account, passkey: "Simu ya Wanjiru" }).text).toContain(
        "Simu ya Wanjiru",
      );
    }
    expect(renderMessage("staff_invite", "sw", account).subject).toBe("Umealikwa kwenye Urithi");
  });

  it.each(accountCodes.flatMap((kind) => languages.map((lang) => [kind, lang] as const)))(
    "%s in %s fits one GSM-7 SMS with the code and its 15 minutes",
    (kind, lang) => {
      const { sms } = renderMessage(kind, lang, { ...facts, code: "048213", minutes: 15 });
      expect(sms.length, sms).toBeLessThanOrEqual(160);
      expect(sms, sms).toMatch(GSM7);
      expect(sms).toContain("048213");
      expect(sms).toContain("15");
    },
  );

  it("tells a reset the person asked for that it lasts 15 minutes and may be ignored", () => {
    const link = "https://urithi.example.co.ke/reset-password?token=abc";
    const asked = renderMessage("password_reset", "sw", { ...facts, link, minutes: 15 });
    expect(asked.text).toContain("dakika 15");
    expect(asked.text).toContain("puuza");
    const sent = renderMessage("password_reset", "en", { ...facts, link, hours: 72, actor: "Grace Wanjiku" });
    expect(sent.text).toContain("72 hours");
    expect(sent.text).toContain("tell a Director");
  });

  it("fits a backup alarm at its longest (120 characters of reason) into one SMS", () => {
    for (const lang of languages) {
      const { sms } = renderMessage("backup_alarm", lang, { ...facts, alarm: "x".repeat(120) });
      expect(sms.length, sms).toBeLessThanOrEqual(160);
    }
  });

  it("names the bull when one SMS has room, and leaves the lines out when it has not", () => {
    const many = {
      ...facts,
      lines: [
        { ...facts.lines![0]!, bullName: "Eldama Ravine Nguvu wa Mlima Kenya Mkubwa" },
        { ...facts.lines![0]!, semenType: "conventional" as const },
        { ...facts.lines![0]!, bullName: null, name: "Boran Embryo" },
      ],
    };
    expect(renderMessage("order_approved", "en", many).sms).toContain(
      "Order ORD-2026-004217 (Eldama Ravine Nguvu..., sexed x10 +2 more) is approved.",
    );
    expect(renderMessage("order_approved", "sw", many).sms).toContain("..., za jinsia x10 na 2 zaidi)");
    const embryo = { ...facts, lines: [{ ...facts.lines![0]!, bullName: null, name: "Boran Embryo" }] };
    expect(renderMessage("order_received", "sw", embryo).sms).toContain("(Kiinitete cha Boran x10)");
    // A long name leaves no room: the message goes without the lines rather than in two parts.
    const long = { ...many, name: "Wanjiru Nyambura Wairimu Kamau-Njoroge" };
    for (const lang of languages) {
      const sms = renderMessage("order_received", lang, long).sms;
      expect(sms.length, sms).toBeLessThanOrEqual(160);
      expect(sms).not.toContain("x10");
    }
  });

  it.each(herdKinds.flatMap((kind) => languages.map((lang) => [kind, lang] as const)))(
    "%s in %s names the cow and fits one GSM-7 SMS, whatever her name",
    (kind, lang) => {
      for (const cow of ["Zawadi", "Malkia wa Shamba la Juu la Mlima Kenya Kaskazini Magharibi"]) {
        const { sms } = renderMessage(kind, lang, { ...facts, cow, reason: "pregnant" });
        expect(sms.length, sms).toBeLessThanOrEqual(160);
        expect(sms, sms).toMatch(GSM7);
        expect(sms).toContain(cow.slice(0, 15));
      }
    },
  );

  it.each(visitKinds.flatMap((kind) => languages.map((lang) => [kind, lang] as const)))(
    "%s in %s names the cow and the phone and fits one GSM-7 SMS, at its longest",
    (kind, lang) => {
      const visit = { from: new Date("2026-11-28T11:00:00Z"), to: new Date("2026-11-28T16:00:00Z") };
      for (const cow of ["Zawadi", "Malkia wa Shamba la Juu la Mlima Kenya Kaskazini Magharibi"]) {
        const { sms } = renderMessage(kind, lang, {
          ...facts,
          cow,
          actor: "Bartholomew Kiprotich Arap Chebet",
          phone: "+254 722 500 107",
          amountKes: 2500,
          service: "ai",
          visit,
          place: "Kiamokama Ward, Nyamira North, Nyamira County",
          alarm: "AI for KE-2026-000123-ABC in Elgeyo-Marakwet, asked at 09:05, has no technician",
        });
        expect(sms.length, sms).toBeLessThanOrEqual(160);
        expect(sms, sms).toMatch(GSM7);
        if (kind !== "service_unassigned") {
          expect(sms).toContain(cow.slice(0, 15));
          expect(sms).toContain("+254");
        }
      }
    },
  );

  it("says the facts each message is about, in each language", () => {
    const en = (kind: (typeof messageKinds)[number]) => renderMessage(kind, "en", facts).sms;
    const sw = (kind: (typeof messageKinds)[number]) => renderMessage(kind, "sw", facts).sms;
    expect(en("order_received")).toBe(
      "Urithi: Hi Wanjiru, we have received order ORD-2026-004217 (Maziwa Bora, sexed x10) for KSh 1,250,000. We will tell you when it is approved.",
    );
    expect(sw("order_received")).toBe(
      "Urithi: Habari Wanjiru, tumepokea agizo lako ORD-2026-004217 (Maziwa Bora, za jinsia x10) la KSh 1,250,000. Tutakujulisha likiidhinishwa.",
    );
    expect(en("order_approved")).toContain("Order ORD-2026-004217 (Maziwa Bora, sexed x10) is approved.");
    expect(sw("order_approved")).toContain(
      "Agizo ORD-2026-004217 (Maziwa Bora, za jinsia x10) limeidhinishwa.",
    );
    expect(en("payment_prompt")).toContain("sent to +254722123456. Enter your M-Pesa PIN");
    expect(sw("payment_prompt")).toContain("Weka PIN yako ya M-Pesa");
    expect(en("payment_bank_details")).toContain(
      "KCB Bank Kenya a/c 1234567890, ref ORD-2026-004217, by 24 Dec 2026",
    );
    expect(en("payment_received")).toContain("(M-Pesa ref SKL4H7XQ2P)");
    expect(sw("payment_received")).toContain("kumbukumbu ya M-Pesa SKL4H7XQ2P");
    expect(en("order_approved")).toContain("Expected delivery: 24 Dec 2026");
    expect(en("order_rejected")).toContain("Reason: The bull's straws are reserved");
    expect(en("order_shipped")).toContain("with DHL Express. Tracking number: TRK-904512776301");
    expect(sw("order_shipped")).toContain("Nambari ya kufuatilia: TRK-904512776301");
    expect(sw("order_delayed")).toContain("limechelewa");
    expect(sw("order_delivered")).toBe(
      "Urithi: Agizo ORD-2026-004217 limefika tarehe 24 Des 2026. Asante kwa kuchagua Urithi!",
    );
    expect(en("order_delivered")).toContain("was delivered on 24 Dec 2026.");
    expect(en("approval_needed")).toContain("Kiambu Dairy Farmers Co-op placed order ORD-2026-004217");
    expect(en("storage_alarm")).toBe(
      "Urithi ALARM: LN2 Tank 2 is at -150°C, above the optimal range. Acknowledge it in Cryo Storage.",
    );
  });

  it("writes emails with a subject, a text body and an HTML body with the order summary", () => {
    const mail = renderMessage("order_received", "sw", facts);
    expect(mail.subject).toBe("Tumepokea agizo lako ORD-2026-004217");
    expect(mail.text).toContain("Habari Wanjiru,");
    // Each line in the reader's language, naming the bull: two Holstein straws no longer read alike.
    expect(mail.text).toContain(
      "Mbegu za Holstein Friesian: Maziwa Bora (KEN-HF-001), za jinsia | 10 | KSh 45,000",
    );
    expect(mail.text).toContain("Jumla: KSh 1,250,000");
    expect(mail.html).toContain("<th");
    expect(mail.html).toContain("Mbegu za Holstein Friesian: Maziwa Bora (KEN-HF-001), za jinsia");
    expect(renderMessage("order_received", "en", facts).text).toContain(
      "Holstein Friesian Semen: Maziwa Bora (KEN-HF-001), sexed | 10 | KSh 45,000",
    );
    const bank = renderMessage("payment_bank_details", "en", facts);
    expect(bank.text).toContain("Account name: Urithi Genetics Ltd");
    expect(bank.text).toContain("Branch: Nakuru");
    const digest = renderMessage("low_stock_digest", "en", { ...facts, lines: undefined });
    expect(digest.text).toContain("SEM-HF-101 | Holstein Friesian | 3");
  });

  it("cuts a long rejection reason to keep the SMS to one part, and keeps it whole in the email", () => {
    const reason = "The straws from this collection failed our post-thaw motility check and cannot be sold";
    const rejected = renderMessage("order_rejected", "en", { ...facts, reason });
    expect(rejected.sms.length).toBeLessThanOrEqual(160);
    expect(rejected.sms).toContain("Reason: The straws from this collection failed our post-thaw... Call us");
    expect(rejected.text).toContain(`Reason: ${reason}. Call us`);
  });

  it("escapes what a client typed before it goes into HTML", () => {
    const mail = renderMessage("order_rejected", "en", {
      ...facts,
      name: "<script>x</script>",
      reason: "a & b",
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("a &amp; b");
  });

  it("says when a date is not known yet rather than printing nothing", () => {
    expect(renderMessage("order_approved", "en", { ...facts, date: null }).sms).toContain("to be confirmed");
    expect(renderMessage("order_approved", "sw", { ...facts, date: null }).sms).toContain("tutakujulisha");
  });
});
