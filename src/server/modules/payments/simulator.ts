import { randomBytes } from "node:crypto";
import { asc, desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../../context";
import { mpesaSimPrompts } from "../../db/schema";
import { escapeHtml } from "../../http/escape-html";
import { darajaTimestamp, stkPassword } from "./daraja";

/**
 * A stand-in for Safaricom's Daraja, served by this process under /mpesa-sim when MPESA_MODE=simulator.
 * It speaks Daraja's HTTP API (OAuth, STK push, STK query) and sends real callbacks, so the whole payment
 * flow runs offline through the real client. /mpesa-simulator is the "phone": pending prompts with
 * Accept and Cancel. Numbers ending in a failure code answer by themselves with that code.
 */

type PromptRow = typeof mpesaSimPrompts.$inferSelect;

/** Phone numbers whose last four digits pick a failure (test numbers). */
export const magicEndings: Record<string, { code: number; desc: string }> = {
  "1032": { code: 1032, desc: "Request cancelled by user" },
  "1037": { code: 1037, desc: "DS timeout user cannot be reached" },
  "1019": { code: 1019, desc: "Transaction has expired" },
  "0001": { code: 1, desc: "The balance is insufficient for the transaction" },
  "2001": { code: 2001, desc: "The initiator information is invalid" },
};

const SIM_TOKEN = "simulator-access-token";

function callbackBody(prompt: PromptRow, code: number, desc: string) {
  const paid = code === 0;
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.checkoutRequestId,
        ResultCode: code,
        ResultDesc: desc,
        ...(paid
          ? {
              CallbackMetadata: {
                Item: [
                  { Name: "Amount", Value: prompt.amount },
                  { Name: "MpesaReceiptNumber", Value: prompt.receipt },
                  { Name: "TransactionDate", Value: Number(darajaTimestamp(new Date())) },
                  { Name: "PhoneNumber", Value: Number(prompt.phone) },
                ],
              },
            }
          : {}),
      },
    },
  };
}

async function sendCallback(prompt: PromptRow, code: number, desc: string): Promise<void> {
  await fetch(prompt.callbackUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(callbackBody(prompt, code, desc)),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
}

function phonePage(pending: PromptRow[], recent: PromptRow[]): string {
  const row = (p: PromptRow) => `
    <li class="prompt">
      <p><strong>Pay KES ${p.amount.toLocaleString("en-KE")}</strong> to Urithi (account ${escapeHtml(p.accountReference)})</p>
      <p class="muted">Phone ${escapeHtml(p.phone)} · ${escapeHtml(p.checkoutRequestId)}</p>
      <form method="post" action="/mpesa-simulator/${p.id}/accept"><button class="ok">Accept (enter PIN)</button></form>
      <form method="post" action="/mpesa-simulator/${p.id}/cancel"><button>Cancel</button></form>
      <form method="post" action="/mpesa-simulator/${p.id}/accept?callback=lost"><button class="quiet">Accept, lose the callback</button></form>
    </li>`;
  const done = (p: PromptRow) =>
    `<li>${escapeHtml(p.accountReference)} · KES ${p.amount} · ${escapeHtml(p.status)}${p.receipt ? ` · ${escapeHtml(p.receipt)}` : ""}</li>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>M-Pesa simulator</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:1rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.25rem;color:#15803d}.prompt{border:1px solid #d1d5db;border-radius:.75rem;padding:1rem;margin:.75rem 0;list-style:none}
ul{padding:0}form{display:inline}button{font:inherit;padding:.5rem .9rem;margin:.25rem .25rem 0 0;border-radius:.5rem;border:1px solid #9ca3af;background:#fff}
.ok{background:#16a34a;color:#fff;border-color:#16a34a}.quiet{font-size:.8rem}.muted{color:#6b7280;font-size:.85rem}</style></head>
<body><h1>M-Pesa simulator: phone prompts</h1>
<p class="muted">Simulator mode. Each STK push from Urithi appears here as it would on the client's phone. Numbers ending in 1032, 1037, 1019, 0001 or 2001 fail with that result by themselves.</p>
${pending.length === 0 ? "<p>No prompts waiting.</p>" : `<ul>${pending.map(row).join("")}</ul>`}
<h2 style="font-size:1rem">Recent</h2><ul class="muted">${recent.map(done).join("")}</ul>
</body></html>`;
}

export function registerMpesaSimulator(app: FastifyInstance, ctx: AppContext): void {
  const authorised = (header: string | undefined) => header === `Bearer ${SIM_TOKEN}`;

  app.get("/mpesa-sim/oauth/v1/generate", async (request, reply) => {
    if (!request.headers.authorization?.startsWith("Basic ")) {
      return reply
        .status(400)
        .send({ errorCode: "400.008.01", errorMessage: "Invalid Authentication passed" });
    }
    return { access_token: SIM_TOKEN, expires_in: "3599" };
  });

  app.post("/mpesa-sim/mpesa/stkpush/v1/processrequest", async (request, reply) => {
    if (!authorised(request.headers.authorization)) {
      return reply.status(401).send({ errorCode: "404.001.03", errorMessage: "Invalid Access Token" });
    }
    const b = (request.body ?? {}) as Record<string, unknown>;
    const expected = stkPassword(ctx.config.mpesa.shortcode, ctx.config.mpesa.passkey, String(b.Timestamp));
    if (b.Password !== expected || b.BusinessShortCode !== ctx.config.mpesa.shortcode) {
      return reply
        .status(400)
        .send({ errorCode: "400.002.02", errorMessage: "Bad Request - Invalid Password" });
    }
    const phone = String(b.PhoneNumber ?? "");
    if (!/^254[17]\d{8}$/.test(phone) || !Number.isInteger(b.Amount) || Number(b.Amount) < 1) {
      return reply
        .status(400)
        .send({ errorCode: "400.002.02", errorMessage: "Bad Request - Invalid PhoneNumber or Amount" });
    }
    const [prompt] = await ctx.database.tx((db) =>
      db
        .insert(mpesaSimPrompts)
        .values({
          checkoutRequestId: `ws_CO_${darajaTimestamp(new Date())}${randomBytes(5).toString("hex")}`,
          merchantRequestId: `${randomBytes(3).toString("hex")}-${Date.now()}`,
          phone,
          amount: Number(b.Amount),
          accountReference: String(b.AccountReference ?? ""),
          callbackUrl: String(b.CallBackURL ?? ""),
        })
        .returning(),
    );
    const magic = magicEndings[phone.slice(-4)];
    if (magic) setTimeout(() => void resolve(prompt!.id, magic.code, magic.desc, true), 200);
    return {
      MerchantRequestID: prompt!.merchantRequestId,
      CheckoutRequestID: prompt!.checkoutRequestId,
      ResponseCode: "0",
      ResponseDescription: "Success. Request accepted for processing",
      CustomerMessage: "Success. Request accepted for processing",
    };
  });

  app.post("/mpesa-sim/mpesa/stkpushquery/v1/query", async (request, reply) => {
    if (!authorised(request.headers.authorization)) {
      return reply.status(401).send({ errorCode: "404.001.03", errorMessage: "Invalid Access Token" });
    }
    const id = String((request.body as Record<string, unknown> | null)?.CheckoutRequestID ?? "");
    const [prompt] = await ctx.database.read((db) =>
      db.select().from(mpesaSimPrompts).where(eq(mpesaSimPrompts.checkoutRequestId, id)),
    );
    if (!prompt)
      return reply.status(400).send({ errorCode: "400.002.02", errorMessage: "Invalid CheckoutRequestID" });
    if (prompt.resultCode === null) {
      return reply
        .status(500)
        .send({ errorCode: "500.001.1001", errorMessage: "The transaction is being processed" });
    }
    return {
      ResponseCode: "0",
      ResponseDescription: "The service request has been accepted successsfully",
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResultCode: String(prompt.resultCode),
      ResultDesc: prompt.resultCode === 0 ? "The service request is processed successfully." : prompt.status,
    };
  });

  /** Settles a prompt once; the callback is sent after the row is committed. */
  async function resolve(id: number, code: number, desc: string, notify: boolean): Promise<boolean> {
    const [prompt] = await ctx.database.tx((db) =>
      db
        .update(mpesaSimPrompts)
        .set({
          status: code === 0 ? "accepted" : desc,
          resultCode: code,
          receipt: code === 0 ? `S${randomBytes(5).toString("hex").toUpperCase()}` : null,
          resolvedAt: new Date(),
        })
        .where(eq(mpesaSimPrompts.id, id))
        .returning(),
    );
    if (!prompt) return false;
    if (notify) await sendCallback(prompt, code, desc);
    return true;
  }

  app.get("/mpesa-simulator", async (_request, reply: FastifyReply) => {
    const [pending, recent] = await ctx.database.read(async (db) => [
      await db
        .select()
        .from(mpesaSimPrompts)
        .where(eq(mpesaSimPrompts.status, "pending"))
        .orderBy(asc(mpesaSimPrompts.id)),
      await db.select().from(mpesaSimPrompts).orderBy(desc(mpesaSimPrompts.id)).limit(10),
    ]);
    return reply
      .type("text/html")
      .header("cache-control", "no-store")
      .send(
        phonePage(
          pending,
          recent.filter((p) => p.status !== "pending"),
        ),
      );
  });

  app.post<{ Params: { id: string; action: string }; Querystring: { callback?: string } }>(
    "/mpesa-simulator/:id/:action",
    async (request, reply) => {
      const id = Number(request.params.id);
      const action = request.params.action;
      if (!Number.isInteger(id) || (action !== "accept" && action !== "cancel")) {
        return reply.status(404).send("Unknown prompt");
      }
      const [prompt] = await ctx.database.read((db) =>
        db.select().from(mpesaSimPrompts).where(eq(mpesaSimPrompts.id, id)),
      );
      if (prompt?.status !== "pending") return reply.redirect("/mpesa-simulator", 303);
      const notify = request.query.callback !== "lost";
      if (action === "accept") await resolve(id, 0, "The service request is processed successfully.", notify);
      else await resolve(id, 1032, "Request cancelled by user", notify);
      return reply.redirect("/mpesa-simulator", 303);
    },
  );
}
