/**
 * `npm run bench:web`: loads /landing, /shop and /client-orders as a farmer's phone would, in Debian's
 * Chromium, on the built app (`npm run build` first) with its own scratch data folder, and prints a table;
 * then the Reports tabs, and the staff screens on an office line (bench/web-staff.ts).
 *
 * Profiles:
 * - slow-phone: 400 kbit/s both ways, 400 ms round trip, CPU slowed 4× (issue 10's phone);
 * - lighthouse-mobile: Lighthouse's applied mobile throttling (1,474.56 kbit/s down, 675 up, 562.5 ms, 4× CPU).
 *
 * "Usable" is when the page's main content can be used: its heading and first action are on screen and
 * work (a page the server drew is inert until the browser has taken it over).
 * Baseline, same run and link: one GET of the bare HTML document (a single round trip plus its bytes).
 * Cold: empty HTTP cache and no service worker (signed in where the page needs it). Warm: the same page
 * opened again once the first visit's service worker has installed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, signInAsClient, signInAsStaff } from "../tests/e2e/support/browser";
import { startServer } from "../tests/e2e/support/global-setup";
import { load, median, observe, type Profile, type Sample, signedInContext, throttle } from "./web-measure";
import { staffScreens } from "./web-staff";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** What makes each page usable, and whether it needs a signed-in client. */
const pages = [
  { path: "/landing", ready: "main h1", client: false },
  { path: "/shop", ready: '[data-testid="product-card"] button', client: true },
  { path: "/client-orders", ready: '[data-testid="portal-product"] button', client: true },
] as const;

const clientContext = (browser: Browser, base: string): Promise<BrowserContext> =>
  signedInContext(browser, base, { width: 390, height: 844 }, (page) => signInAsClient(page));

/** One GET of the HTML document on the same throttled link: the floor every page load stands on. */
async function baseline(browser: Browser, base: string, profile: Profile): Promise<number> {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto("/robots.txt");
  await throttle(page, profile);
  const ms = await page.evaluate(async (url) => {
    const start = performance.now();
    await (await fetch(url, { cache: "no-store" })).text();
    return performance.now() - start;
  }, `${base}/landing`);
  await context.close();
  return ms;
}

/** The JS a first visit must run before any screen: the entry and what index.html preloads. */
function entrySizes() {
  const web = path.resolve("dist/web");
  const html = readFileSync(path.join(web, "index.html"), "utf8");
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const sizes = files.map((f) => readFileSync(path.join(web, f)));
  const sum = (fn: (b: Buffer) => number) => sizes.reduce((s, b) => s + fn(b), 0);
  return {
    files: files.length,
    gzip: sum((b) => gzipSync(b, { level: 9 }).length),
    brotli: sum((b) => brotliCompressSync(b).length),
  };
}

/** What shows that a Reports tab is on screen: its chart drawn, or the Fertility tab's first table. */
const reportTabs = [
  ["Sales", '[data-testid="chart-sales"] .recharts-surface'],
  ["Inventory", '[data-testid="chart-stock"] .recharts-surface'],
  ["Customers", '[data-testid="chart-growth"] .recharts-surface'],
  ["Fertility", 'table[aria-label="By bull"]'],
  ["Overview", '[data-testid="chart-revenue"] .recharts-surface'],
] as const;

/**
 * From a tap on a tab to the first frame painted after its panel is on screen, at 4× slower CPU, on the
 * Director's desktop, once the page has drawn its tabs. The baseline, same run: a tap on the tab already
 * chosen (the event and a frame).
 */
async function reportTabSwitches(browser: Browser, base: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInAsStaff(page, "director1@urithi.co.ke");
  await page.goto("/reports");
  await page.locator('[data-testid="chart-revenue"] .recharts-surface').waitFor();
  // The other tabs are drawn while the browser is idle after the first: measured once they are.
  await page
    .locator('[role="tabpanel"]')
    .nth(reportTabs.length - 1)
    .waitFor({ state: "attached" });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // A string, not a function: the TypeScript loader would wrap a function in helpers the page lacks.
  const tap = (tab: string, ready: string): Promise<number> =>
    page.evaluate(`new Promise((resolve) => {
      const button = [...document.querySelectorAll('[role="tab"]')].find((b) => b.textContent === ${JSON.stringify(tab)});
      const start = performance.now();
      button.click();
      const painted = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
      const shown = () => document.querySelector(${JSON.stringify(ready)})?.checkVisibility({ visibilityProperty: true });
      const check = () => (shown() ? painted() : requestAnimationFrame(check));
      check();
    })`);
  const times = new Map<string, number[]>();
  const floors: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const [tab, ready] of reportTabs) {
      times.set(tab, [...(times.get(tab) ?? []), await tap(tab, ready)]);
      floors.push(await tap(tab, ready));
    }
  }
  await context.close();
  const floor = median(floors);
  return reportTabs.map(([tab]) => {
    const ms = median(times.get(tab)!);
    return `| ${tab} | ${Math.round(ms)} ms | ${Math.round(Math.max(...times.get(tab)!))} ms | ${Math.round(floor)} ms | ×${(ms / floor).toFixed(1)} |`;
  });
}

async function main() {
  const server = await startServer({ LOG_LEVEL: "warn" });
  const browser = await launchBrowser("bench");
  const rows: string[] = [];
  let tabRows: string[] = [];
  let staffRows: string[] = [];
  // BENCH_WEB=pages, reports or staff runs one part.
  const part = process.env.BENCH_WEB ?? "all";
  const runs = (name: string) => part === "all" || part === name;
  try {
    if (runs("reports")) tabRows = await reportTabSwitches(browser, server.baseUrl);
    if (runs("staff")) staffRows = await staffScreens(browser, server.baseUrl);
    const only = process.env.BENCH_PROFILE;
    const profileNames: Profile[] = runs("pages") ? ["slow-phone", "lighthouse-mobile"] : [];
    for (const profile of profileNames.filter((p) => !only || p === only)) {
      for (const target of pages) {
        const cold: Sample[] = [];
        const warm: Sample[] = [];
        const floors: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          floors.push(await baseline(browser, server.baseUrl, profile));
          const context = target.client
            ? await clientContext(browser, server.baseUrl)
            : await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 390, height: 844 } });
          await context.addInitScript({ content: observe(target.ready) });
          const page = await context.newPage();
          cold.push(await load(page, target.path, profile, true));
          // A second visit is one the service worker answers: wait until the first has installed it.
          await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
          await page.goto("about:blank");
          warm.push(await load(page, target.path, profile, false));
          await context.close();
        }
        const m = (xs: Sample[], k: keyof Sample) => median(xs.map((x) => x[k]));
        const floor = median(floors);
        rows.push(
          `| ${profile} | ${target.path} | ${(m(cold, "usable") / 1000).toFixed(2)} s | ${(m(warm, "usable") / 1000).toFixed(2)} s | ${(floor / 1000).toFixed(2)} s | ×${(m(cold, "usable") / floor).toFixed(1)} | ${(m(cold, "fcp") / 1000).toFixed(2)} s | ${(m(cold, "lcp") / 1000).toFixed(2)} s | ${m(cold, "cls").toFixed(3)} | ${Math.round(m(cold, "tbt"))} ms | ${m(cold, "scripts")} / ${(m(cold, "jsBytes") / 1024).toFixed(1)} kB |`,
        );
        process.stderr.write(`${rows.at(-1)}\n`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  if (tabRows.length > 0) {
    console.log(
      `\nReports tab switches, desktop, CPU 4× slower, medians of ${RUNS} (tap to the first frame with the panel):\n`,
    );
    console.log("| tab | switch | slowest | baseline: tap on the chosen tab | ratio |");
    console.log("|---|---|---|---|---|");
    for (const row of tabRows) console.log(row);
  }
  const entry = entrySizes();
  const entryLine = `Entry JS before any screen (entry + preloads, ${entry.files} files): ${(entry.gzip / 1024).toFixed(1)} kB gzip, ${(entry.brotli / 1024).toFixed(1)} kB brotli.`;
  if (staffRows.length > 0) {
    console.log(
      `\nStaff screens, a Director on a desktop (1366×900), staff-office profile (10 Mbit/s, 40 ms, CPU 4× slower), medians of ${RUNS}; a switch is a tap on the menu to the first frame with the new screen's data, and to the browser's next idle moment (settled):\n`,
    );
    console.log("| figure | time | detail | |");
    console.log("|---|---|---|---|");
    for (const row of staffRows) console.log(row);
    console.log(`\n${entryLine} A staff screen's own code comes after it: the JS column above.`);
  }
  if (rows.length === 0) return;
  console.log(`\nMedians of ${RUNS} runs each, phone viewport 390×844, Chromium ${browser.version()}.\n`);
  console.log(
    "| profile | page | usable cold | usable warm | baseline: bare HTML GET | cold / baseline | FCP | LCP | CLS | TBT | scripts / JS on the wire (cold) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
  console.log(`\n${entryLine}`);
}

await main();
