import type { FastifyInstance } from "fastify";
import { USSD_SCREEN_MAX } from "../../../contract/ussd";
import type { AppContext } from "../../context";
import { escapeHtml } from "../../http/escape-html";
import { ussdSecret } from "./secret";

/** The short code the stand-in dials, as Africa's Talking sends it in `serviceCode`. */
const SERVICE_CODE = "*384*22#";
/** Safaricom's network code, as the callback names it. */
const NETWORK_CODE = "63902";

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"];

function page(secret: string, phone: string): string {
  const keys = KEYS.map((k) => `<button type="button" class="key" data-key="${k}">${k}</button>`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>USSD simulator</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:1rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.25rem;color:#15803d}.muted{color:#6b7280;font-size:.85rem}
label{display:block;margin:.5rem 0 .25rem}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #9ca3af;border-radius:.5rem}
.screen{white-space:pre-wrap;background:#111827;color:#d1fae5;font-family:ui-monospace,monospace;min-height:9rem;padding:.75rem;border-radius:.75rem;margin:.75rem 0 .25rem}
.pad{display:grid;grid-template-columns:repeat(3,1fr);gap:.4rem;margin:.5rem 0}
button{font:inherit;padding:.6rem;border-radius:.5rem;border:1px solid #9ca3af;background:#f9fafb;color:#111827}
.actions{display:flex;gap:.5rem}.actions button{flex:1}.go{background:#16a34a;border-color:#16a34a;color:#fff}
.stop{background:#fff;color:#b91c1c;border-color:#b91c1c}</style></head>
<body><h1>USSD simulator: a feature phone</h1>
<p class="muted">Demo mode. Dial ${SERVICE_CODE}: each step posts to POST /api/ussd with the form fields Africa's Talking sends.</p>
<form id="phone-form"><label for="phone">Phone number</label>
<input id="phone" name="phone" inputmode="tel" value="${escapeHtml(phone)}" placeholder="0712 345 678" autocomplete="off"></form>
<div id="ussd" data-secret="${escapeHtml(secret)}" data-code="${SERVICE_CODE}" data-network="${NETWORK_CODE}" data-max="${USSD_SCREEN_MAX}">
<div class="screen" id="screen" role="status" aria-live="polite">Dial ${SERVICE_CODE} to start.</div>
<p class="muted" id="count"></p>
<label for="reply">Reply</label><input id="reply" autocomplete="off" disabled>
<div class="pad" aria-label="Keypad">${keys}</div>
<div class="actions"><button type="button" class="go" id="dial">Dial ${SERVICE_CODE}</button>
<button type="button" class="go" id="send" disabled>Send</button>
<button type="button" class="stop" id="hang-up" disabled>Cancel</button></div></div>
<script src="/ussd-simulator.js"></script></body></html>`;
}

/** The phone's behaviour, served as a file: the security policy allows this origin's scripts, not inline ones. */
const script = `(() => {
  const root = document.getElementById("ussd");
  const el = (id) => document.getElementById(id);
  let session = null;
  let text = "";
  const setOpen = (open) => {
    el("reply").disabled = !open; el("send").disabled = !open; el("hang-up").disabled = !open;
    if (open) el("reply").focus();
  };
  const show = (answer) => {
    const body = answer.replace(/^(CON|END) /, "");
    el("screen").textContent = body;
    el("count").textContent = answer.length + " of " + root.dataset.max + " characters" + (answer.startsWith("END") ? " · session ended" : "");
    setOpen(answer.startsWith("CON"));
    if (!answer.startsWith("CON")) session = null;
  };
  const post = async () => {
    const body = new URLSearchParams({ sessionId: session, serviceCode: root.dataset.code, phoneNumber: el("phone").value, networkCode: root.dataset.network, text });
    const res = await fetch("/api/ussd?secret=" + encodeURIComponent(root.dataset.secret), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    const answer = await res.text();
    if (res.ok) show(answer);
    else { el("screen").textContent = "HTTP " + res.status + ": " + answer; el("count").textContent = ""; setOpen(false); session = null; }
  };
  el("dial").addEventListener("click", () => { session = "sim-" + crypto.randomUUID(); text = ""; el("reply").value = ""; post(); });
  const send = () => { if (!session) return; const input = el("reply").value; text = text === "" ? input : text + "*" + input; el("reply").value = ""; post(); };
  el("send").addEventListener("click", send);
  el("reply").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); send(); } });
  el("phone-form").addEventListener("submit", (e) => e.preventDefault());
  el("hang-up").addEventListener("click", () => { session = null; el("screen").textContent = "Cancelled."; el("count").textContent = ""; setOpen(false); });
  for (const key of document.querySelectorAll(".key")) key.addEventListener("click", () => { if (!el("reply").disabled) el("reply").value += key.dataset.key; });
})();`;

/**
 * A stand-in for a farmer's feature phone on Africa's Talking's USSD, in demo mode: /ussd-simulator dials, sends
 * each reply as the provider does (every input so far joined by `*`), and shows each screen with its length.
 */
export function registerUssdSimulator(app: FastifyInstance, ctx: AppContext): void {
  app.get("/ussd-simulator", async (request, reply) => {
    const phone = String((request.query as { phone?: string }).phone ?? "").slice(0, 40);
    return reply
      .type("text/html")
      .header("cache-control", "no-store")
      .send(page((await ussdSecret(ctx))!, phone));
  });
  app.get("/ussd-simulator.js", async (_request, reply) =>
    reply.type("text/javascript").header("cache-control", "no-store").send(script),
  );
}
