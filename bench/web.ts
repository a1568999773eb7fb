/**
 * `npm run bench:web`: loads /landing, /shop and /client-orders as a farmer's phone would, in Debian's
 * Chromium, on the built app (`npm run build` first) with its own scratch data folder, and prints a table.
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
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, signInAsClient, signInAsStaff } from "../tests/e2e/support/browser";
import { startServer } from "../tests/e2e/support/global-setup";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const profiles = {
  "slow-phone": { latency: 400, down: 400_000 / 8, up: 400_000 / 8, cpu: 4 },
  "lighthouse-mobile": { latency: 562.5, down: 1_474_560 / 8, up: 675_000 / 8, cpu: 4 },
} as const;
type Profile = keyof typeof profiles;

/** What makes each page usable, and whether it needs a signed-in client. */
const pages = [
  { path: "/landing", ready: "main h1", client: false },
  { path: "/shop", ready: '[data-testid="product-card"] button', client: true },
  { path: "/client-orders", ready: '[data-testid="portal-product"] button', client: true },
] as const;

/**
 * Runs in the page before any of its scripts: LCP, CLS, long tasks, FCP and the moment `ready` shows.
 * A string, not a function: the TypeScript loader would wrap a function in helpers the page lacks.
 */
const observe = (ready: string) => `
  const perf = { lcp: 0, cls: 0, fcp: 0, usable: 0, long: [] };
  window.__perf = perf;
  const on = (type, fn) =>
    new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true });
  on("largest-contentful-paint", (e) => { perf.lcp = e.startTime; });
  on("layout-shift", (e) => { if (!e.hadRecentInput) perf.cls += e.value; });
  on("longtask", (e) => perf.long.push([e.startTime, e.duration]));
  on("paint", (e) => { if (e.name === "first-contentful-paint") perf.fcp = e.startTime; });
  const check = () => {
    const el = document.querySelector(${JSON.stringify(ready)});
    if (el && el.offsetParent !== null && !el.closest("[inert]")) perf.usable = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;

interface Sample {
  usable: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  scripts: number;
  jsBytes: number;
}

async function throttle(page: Page, profile: Profile) {
  const p = profiles[profile];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: p.latency,
    downloadThroughput: p.down,
    uploadThroughput: p.up,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: p.cpu });
  return cdp;
}

async function load(page: Page, url: string, profile: Profile, clearCache: boolean): Promise<Sample> {
  const cdp = await throttle(page, profile);
  if (clearCache) await cdp.send("Network.clearBrowserCache");
  let scripts = 0;
  let jsBytes = 0;
  const scriptIds = new Set<string>();
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script" && !e.response.fromDiskCache) scriptIds.add(e.requestId);
  });
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  cdp.on("Network.requestWillBeSent", (e) => {
    inFlight.add(e.requestId);
    lastActivity = Date.now();
  });
  cdp.on("Network.loadingFailed", (e) => {
    inFlight.delete(e.requestId);
    lastActivity = Date.now();
  });
  cdp.on("Network.loadingFinished", (e) => {
    inFlight.delete(e.requestId);
    lastActivity = Date.now();
    if (scriptIds.has(e.requestId)) {
      scripts += 1;
      jsBytes += e.encodedDataLength;
    }
  });
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(
    () => (window as never as { __perf: { usable: number } }).__perf.usable > 0,
    null,
    {
      timeout: 120_000,
      polling: 100,
    },
  );
  // Let late content (data, images, the temperature banner) arrive before LCP, CLS and TBT are read.
  const settleBy = Date.now() + 30_000;
  while (Date.now() < settleBy && (inFlight.size > 0 || Date.now() - lastActivity < 1_000)) {
    await page.waitForTimeout(100);
  }
  const perf = await page.evaluate(
    () =>
      (
        window as never as {
          __perf: { lcp: number; cls: number; fcp: number; usable: number; long: [number, number][] };
        }
      ).__perf,
  );
  const tbt = perf.long
    .filter(([start]) => start >= perf.fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  await cdp.detach();
  return { usable: perf.usable, fcp: perf.fcp, lcp: perf.lcp, cls: perf.cls, tbt, scripts, jsBytes };
}

async function clientContext(browser: Browser, base: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAsClient(page);
  // Signing in loaded the app and installed its service worker; a cold visit has neither.
  await page.evaluate(async () => {
    for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
  await page.close();
  return context;
}

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

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

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
  const browser = await launchBrowser();
  const rows: string[] = [];
  let tabRows: string[] = [];
  const part = process.env.BENCH_WEB ?? "all";
  try {
    if (part !== "pages") tabRows = await reportTabSwitches(browser, server.baseUrl);
    const only = process.env.BENCH_PROFILE;
    const profileNames = part === "reports" ? [] : (Object.keys(profiles) as Profile[]);
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
  if (rows.length === 0) return;
  const entry = entrySizes();
  console.log(`\nMedians of ${RUNS} runs each, phone viewport 390×844, Chromium ${browser.version()}.\n`);
  console.log(
    "| profile | page | usable cold | usable warm | baseline: bare HTML GET | cold / baseline | FCP | LCP | CLS | TBT | scripts / JS on the wire (cold) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
  console.log(
    `\nEntry JS before any screen (entry + preloads, ${entry.files} files): ${(entry.gzip / 1024).toFixed(1)} kB gzip, ${(entry.brotli / 1024).toFixed(1)} kB brotli.`,
  );
}

await main();
