/**
 * Part of `npm run bench` (BENCH_ONLY=ussd): a USSD step on PGlite at 20 concurrent sessions (issue 41's
 * target: p95 under 50 ms). Each connection is one farmer's phone walking the menu as Africa's Talking posts
 * it (form fields, every input so far joined by `*`): dial, Top bulls, a breed, a goal, back, My orders; then
 * a new session. Against bare Fastify answering a fixed "CON …" screen, interleaved BENCH_PAIRS times.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { openPglite } from "../src/server/db/adapter";
import { prepareDatabase } from "../src/server/db/prepare";
import { generatorCeiling, load, medianRun, type Run, ratioUnder } from "./load";
import { startBenchApp } from "./scratch";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
export const USSD_SESSIONS = 20;
const SECRET = "bench-ussd-secret-0123456789";
/** One session's texts: the menu walk, each step carrying every input before it. */
const WALK = ["", "2", "2*1", "2*1*1", "2*1*1*0", "2*1*1*0*3"];
const SESSIONS_PER_PHONE = 400;

const form = (sessionId: string, phoneNumber: string, text: string) =>
  new URLSearchParams({
    sessionId,
    serviceCode: "*384*22#",
    phoneNumber,
    networkCode: "63902",
    text,
  }).toString();

export interface UssdBench {
  urithi: Run;
  baseline: Run;
  ceiling: Run;
}

export async function benchUssd(): Promise<UssdBench> {
  const dir = mkdtempSync(path.join(tmpdir(), "urithi-bench-"));
  const database = await openPglite(path.join(dir, "pgdata"));
  try {
    await prepareDatabase(database, { seedDemo: true, now: new Date() });
    const app = await startBenchApp(database, { USSD_SECRET: SECRET });
    const port = (app.server.address() as AddressInfo).port;
    const url = `/api/ussd?secret=${SECRET}`;
    const phones = Array.from({ length: USSD_SESSIONS }, (_, i) => `+2547990${String(i).padStart(5, "0")}`);
    // Each phone signs up once through the menu itself (English), so the walk meets a known client.
    for (const phone of phones) {
      const id = `signup-${phone}`;
      for (const text of ["", "2", "2*Bench Farmer", "2*Bench Farmer*3", "2*Bench Farmer*3*1"]) {
        const res = await fetch(`http://127.0.0.1:${port}${url}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form(id, phone, text),
        });
        const answer = await res.text();
        if (!res.ok || !/^(CON|END) /.test(answer))
          throw new Error(`signup answered ${res.status}: ${answer}`);
      }
    }
    const bodySets = phones.map((phone, p) =>
      Array.from({ length: SESSIONS_PER_PHONE }, (_, s) =>
        WALK.map((text) => form(`b${p}-${s}`, phone, text)),
      ).flat(),
    );
    const screen = "CON Top bulls. Choose a breed:\n1 Holstein Friesian\n2 Jersey\n3 Ayrshire\n0 Back";
    const bare = Fastify();
    bare.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
      done(null, body),
    );
    bare.post("/", (_req, reply) => reply.type("text/plain; charset=utf-8").send(screen));
    await bare.listen({ port: 0, host: "127.0.0.1" });
    const barePort = (bare.server.address() as AddressInfo).port;
    const options = {
      connections: USSD_SESSIONS,
      seconds: SECONDS,
      method: "POST" as const,
      contentType: "application/x-www-form-urlencoded",
      bodySets,
    };
    const base: Run[] = [];
    const ours: Run[] = [];
    const ceiling: Run[] = [];
    for (let i = 0; i < PAIRS; i++) {
      ceiling.push(await generatorCeiling(USSD_SESSIONS, SECONDS, { method: "POST", bodies: ["text="] }));
      base.push(await load(barePort, "/", options));
      // Each pair starts its sessions afresh: ids of a pair before would answer as ended sessions.
      const fresh = bodySets.map((set) => set.map((b) => b.replace(/sessionId=b/, `sessionId=r${i}b`)));
      ours.push(await load(port, url, { ...options, bodySets: fresh }));
    }
    await bare.close();
    await app.close();
    return { urithi: medianRun(ours), baseline: medianRun(base), ceiling: medianRun(ceiling) };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printUssd(r: UssdBench): void {
  console.log(
    `\nUSSD steps, PGlite, ${USSD_SESSIONS} concurrent sessions walking the menu: medians of ${PAIRS} interleaved pairs, ${SECONDS} s each. Target: p95 < 50 ms.\n`,
  );
  console.log("| server | steps/s | p95 | p99 |");
  console.log("|---|---|---|---|");
  for (const [name, run] of [
    ["Urithi POST /api/ussd", r.urithi],
    ["bare Fastify, a fixed screen", r.baseline],
    ["the load generator's ceiling (a constant answer)", r.ceiling],
  ] as const) {
    console.log(`| ${name} | ${Math.round(run.rps)} | ${run.p95.toFixed(1)} ms | ${run.p99.toFixed(1)} ms |`);
  }
  console.log(
    `\nRatio (Urithi steps/s to bare Fastify's): ${ratioUnder(r.urithi.rps, r.baseline.rps, r.ceiling.rps)}.`,
  );
}
