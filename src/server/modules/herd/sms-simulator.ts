import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { kenyanMobileE164 } from "../../../contract/primitives";
import type { AppContext } from "../../context";
import { outbox } from "../../db/schema";
import { escapeHtml } from "../../http/escape-html";
import { incomingSecret } from "./sms-reply";

/** The short code farmers reply to, as Africa's Talking names it in the callback's `to`. */
const SHORT_CODE = "22384";

type Sms = { body: string; createdAt: Date };

function phonePage(phone: string, texts: Sms[], outcome: string | null): string {
  const list = texts
    .map(
      (m) =>
        `<li><p>${escapeHtml(m.body)}</p><p class="muted">${escapeHtml(m.createdAt.toISOString().slice(0, 16).replace("T", " "))} UTC</p></li>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>SMS simulator</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:1rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.25rem;color:#15803d}ul{padding:0}li{list-style:none;border:1px solid #d1d5db;border-radius:.75rem;padding:.75rem;margin:.5rem 0}
label{display:block;margin:.5rem 0 .25rem}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #9ca3af;border-radius:.5rem}
button{font:inherit;padding:.5rem .9rem;margin-top:.5rem;border-radius:.5rem;border:1px solid #16a34a;background:#16a34a;color:#fff}
.muted{color:#6b7280;font-size:.85rem}.outcome{background:#f0fdf4;padding:.5rem;border-radius:.5rem}</style></head>
<body><h1>SMS simulator: a farmer's phone</h1>
<p class="muted">Demo mode. The texts Urithi sent to this number, and a reply sent back through the same callback Africa's Talking calls for an incoming SMS.</p>
<form method="get" action="/sms-simulator"><label for="phone">Phone number</label>
<input id="phone" name="phone" value="${escapeHtml(phone)}" placeholder="0712 345 678"><button>Open</button></form>
${outcome ? `<p class="outcome" role="status">Reply delivered: ${escapeHtml(outcome)}</p>` : ""}
${
  phone
    ? `<form method="post" action="/sms-simulator/reply"><input type="hidden" name="phone" value="${escapeHtml(phone)}">
<label for="text">Reply to ${SHORT_CODE}</label><input id="text" name="text" autocomplete="off"><button>Send reply</button></form>
<h2 style="font-size:1rem">Texts received</h2>${texts.length ? `<ul>${list}</ul>` : "<p>None yet.</p>"}`
    : ""
}
</body></html>`;
}

/**
 * A stand-in for the farmer's side of Africa's Talking, in demo mode: /sms-simulator shows the texts sent to
 * a number and sends a reply through POST /api/messages/incoming with the callback's own form fields, as
 * Africa's Talking would deliver an incoming SMS.
 */
export function registerSmsSimulator(app: FastifyInstance, ctx: AppContext): void {
  app.get("/sms-simulator", async (request, reply) => {
    const query = request.query as { phone?: string; outcome?: string };
    const phone = kenyanMobileE164(String(query.phone ?? "")) ?? "";
    const texts = phone
      ? await ctx.database.read((db) =>
          db
            .select({ body: outbox.body, createdAt: outbox.createdAt })
            .from(outbox)
            .where(and(eq(outbox.recipient, phone), eq(outbox.channel, "sms")))
            .orderBy(desc(outbox.id))
            .limit(10),
        )
      : [];
    return reply
      .type("text/html")
      .header("cache-control", "no-store")
      .send(phonePage(phone, texts, query.outcome ? String(query.outcome) : null));
  });

  app.post("/sms-simulator/reply", async (request, reply) => {
    const fields = new URLSearchParams(typeof request.body === "string" ? request.body : "");
    const phone = kenyanMobileE164(fields.get("phone") ?? "");
    if (!phone) return reply.redirect("/sms-simulator?outcome=not+a+Kenyan+mobile", 303);
    // Registered in demo mode only, so the incoming callback always has a secret here.
    const secret = incomingSecret(ctx.config)!;
    const answer = await app.inject({
      method: "POST",
      url: `/api/messages/incoming?secret=${encodeURIComponent(secret)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        date: new Date().toISOString().replace("T", " ").slice(0, 19),
        from: phone,
        id: randomUUID(),
        linkId: randomUUID(),
        text: fields.get("text") ?? "",
        to: SHORT_CODE,
        networkCode: "63902",
      }).toString(),
    });
    const outcome =
      answer.statusCode === 200
        ? (answer.json() as { outcome: string }).outcome
        : `HTTP ${answer.statusCode}`;
    return reply.redirect(
      `/sms-simulator?phone=${encodeURIComponent(phone)}&outcome=${encodeURIComponent(outcome)}`,
      303,
    );
  });
}
