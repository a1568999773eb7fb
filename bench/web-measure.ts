/**
 * What `npm run bench:web`'s parts share: the throttled links and CPU (profiles), what a page reports about
 * its own load (LCP, CLS, long tasks, FCP, the moment it is usable), and one measured visit.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";

export const profiles = {
  "slow-phone": { latency: 400, down: 400_000 / 8, up: 400_000 / 8, cpu: 4 },
  "lighthouse-mobile": { latency: 562.5, down: 1_474_560 / 8, up: 675_000 / 8, cpu: 4 },
  // Issue 42's staff desk: a 10 Mbit/s office line with a 40 ms round trip, CPU slowed 4×.
  "staff-office": { latency: 40, down: 10_000_000 / 8, up: 10_000_000 / 8, cpu: 4 },
} as const;
export type Profile = keyof typeof profiles;

/**
 * Runs in the page before any of its scripts: LCP, CLS, long tasks, FCP and the moment `ready` shows.
 * A string, not a function: the TypeScript loader would wrap a function in helpers the page lacks.
 */
export const observe = (ready: string) => `
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

export interface Sample {
  usable: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  scripts: number;
  jsBytes: number;
}

export async function throttle(page: Page, profile: Profile) {
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

export async function load(page: Page, url: string, profile: Profile, clearCache: boolean): Promise<Sample> {
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

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * A context signed in by `signIn`, on a page then closed. Signing in loaded the app and installed its service
 * worker; a cold visit has neither, so both are gone from the context it answers.
 */
export async function signedInContext(
  browser: Browser,
  base: string,
  viewport: { width: number; height: number },
  signIn: (page: Page) => Promise<void>,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport });
  const page = await context.newPage();
  await signIn(page);
  await page.evaluate(async () => {
    for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
  await page.close();
  return context;
}
