/**
 * `npm run bench:web`'s staff part (issue 42): a Director at a desk on the "staff-office" profile (a 10 Mbit/s
 * line with a 40 ms round trip, CPU slowed 4×), on the dashboard, the orders and the financial screens:
 * - a cold visit to each (empty cache, no service worker, signed in), to the moment its data is on screen,
 *   with its LCP and the JS it fetched;
 * - a switch between them by the menu, from the tap to the first frame with the new screen's data, and to
 *   the browser's next idle moment (the screen settled);
 * - scrolling the order list of 50 orders, each frame's interval at 4× CPU, against the same scroll of an
 *   empty page (the frame rate itself).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { signInAsStaff, untilStaffScreensDrawn } from "../tests/e2e/support/browser";
import { load, median, observe, type Sample, signedInContext, throttle } from "./web-measure";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Each screen and what shows its data: a figure, an order's amount, a transaction. */
const screens = [
  { path: "/dashboard", ready: '[data-testid="metric-value"]' },
  { path: "/orders", ready: '[data-testid="order-amount"]' },
  { path: "/financial", ready: '[data-testid="transaction-row"]' },
] as const;

const staffContext = (browser: Browser, base: string): Promise<BrowserContext> =>
  signedInContext(browser, base, { width: 1366, height: 900 }, (page) =>
    signInAsStaff(page, "director1@urithi.co.ke"),
  );

/**
 * A tap on the menu's link to `path`: to the first frame after `ready` shows, and to the moment the browser
 * is next idle, when whatever the screen renders after its data (the dashboard's chart, a long list's later
 * rows) is done. The next tap waits for that, as a person's would. A string, not a function: the TypeScript
 * loader would wrap a function in helpers the page lacks.
 */
const switchTo = (page: Page, path: string, ready: string): Promise<{ shown: number; settled: number }> =>
  page.evaluate(`new Promise((resolve) => {
    const link = document.querySelector('nav[aria-label="Main"] a[href="${path}"]');
    const start = performance.now();
    link.click();
    const shown = () => {
      const el = document.querySelector(${JSON.stringify(ready)});
      return location.pathname === ${JSON.stringify(path)} && el && el.checkVisibility();
    };
    const settled = (shown) => requestIdleCallback(() => resolve({ shown, settled: performance.now() - start }));
    const painted = () => requestAnimationFrame(() => setTimeout(() => settled(performance.now() - start)));
    const check = () => (shown() ? painted() : requestAnimationFrame(check));
    check();
  })`);

/** Each frame's interval while the page scrolls 120 px a frame to its end and back (at most 240 frames). */
const scrollFrames = (page: Page): Promise<number[]> =>
  page.evaluate(`new Promise((resolve) => {
    const frames = [];
    let last = performance.now();
    let step = 120;
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      const end = document.documentElement.scrollHeight - innerHeight;
      if (scrollY >= end) step = -120;
      if ((step < 0 && scrollY <= 0) || frames.length >= 240) return resolve(frames.slice(1));
      scrollBy(0, step);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

export async function staffScreens(browser: Browser, base: string): Promise<string[]> {
  const rows: string[] = [];
  // As a server staff have used since it started: a build that does not draw staff screens is given 5 s.
  const warm = await staffContext(browser, base);
  await untilStaffScreensDrawn(warm, 5);
  await warm.close();
  for (const screen of screens) {
    const cold: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await staffContext(browser, base);
      await context.addInitScript({ content: observe(screen.ready) });
      cold.push(await load(await context.newPage(), screen.path, "staff-office", true));
      await context.close();
    }
    const m = (k: keyof Sample) => median(cold.map((s) => s[k]));
    rows.push(
      `| cold visit to ${screen.path} | ${(m("usable") / 1000).toFixed(2)} s | LCP ${(m("lcp") / 1000).toFixed(2)} s, TBT ${Math.round(m("tbt"))} ms | ${m("scripts")} scripts, ${(m("jsBytes") / 1024).toFixed(1)} kB JS |`,
    );
  }

  // Switching, once every screen's code has been fetched (each visited once).
  const context = await staffContext(browser, base);
  const page = await context.newPage();
  await throttle(page, "staff-office");
  for (const screen of screens) {
    await page.goto(screen.path);
    await page.locator(screen.ready).first().waitFor();
  }
  // The server drew the last screen: its links work once the browser has taken it over.
  await page.locator("#root:not([inert])").waitFor({ state: "attached" });
  const switches = new Map<string, { shown: number; settled: number }[]>();
  for (let run = 0; run < RUNS; run++) {
    for (const [i, screen] of screens.entries()) {
      const from = screens[(i + screens.length - 1) % screens.length]!.path;
      const key = `${from} → ${screen.path}`;
      switches.set(key, [...(switches.get(key) ?? []), await switchTo(page, screen.path, screen.ready)]);
    }
  }
  for (const [key, times] of switches) {
    const shown = times.map((t) => t.shown);
    rows.push(
      `| switch ${key} | ${Math.round(median(shown))} ms | slowest ${Math.round(Math.max(...shown))} ms | settled ${Math.round(median(times.map((t) => t.settled)))} ms |`,
    );
  }

  // Scrolling the order list against the same scroll of a page with nothing on it.
  await page.goto("/orders");
  await page.locator('[data-testid="order-amount"]').nth(49).waitFor();
  const list = await scrollFrames(page);
  await page.setContent(
    `<div style="height:${await page.evaluate("document.documentElement.scrollHeight")}px"></div>`,
  );
  const blank = await scrollFrames(page);
  await context.close();
  rows.push(
    `| scrolling 50 orders, frame interval | median ${median(list).toFixed(1)} ms, p95 ${p95(list).toFixed(1)} ms | empty page: median ${median(blank).toFixed(1)} ms, p95 ${p95(blank).toFixed(1)} ms | ${list.filter((f) => f > 17).length} of ${list.length} frames over 17 ms |`,
  );
  return rows;
}
