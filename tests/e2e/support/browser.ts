import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { expect, inject, onTestFinished } from "vitest";
import { getCurrentTest } from "vitest/suite";

/** Debian's full Chromium: what a person runs, so what the web bench measures. */
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * What the tests drive: Debian's headless shell (package chromium-headless-shell) where it is installed, the
 * same Blink and V8 without the full browser's windowing layers, at a little over half its CPU in the e2e
 * stage (decision 45); else the full Chromium.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
export const desktop = { width: 1366, height: 900 };
export const phone = { width: 390, height: 844 };

/**
 * This worker's server: files run two at a time, and each worker has a server of its own, so a file shares
 * its server only with the files before it in the same worker, as when they all ran one after another.
 */
export function baseUrl(): string {
  const urls = inject("baseUrls");
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
}

/**
 * The test file's Chromium; `bench` launches the full Chromium as a person runs it, for the web bench. The
 * tests' pages live a few seconds each, so V8 stops at its baseline compiler there (`--max-opt=1`): its
 * optimising tiers spent a fifth of the browser's CPU on code that had no time to pay it back (decision 45).
 */
export function launchBrowser(purpose: "test" | "bench" = "test"): Promise<Browser> {
  return chromium.launch({
    executablePath: purpose === "test" ? CHROMIUM_PATH : FULL_CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...(purpose === "test" ? ["--js-flags=--max-opt=1"] : []),
    ],
  });
}

/**
 * A page in its own fresh browser context (own cookies and storage). Without the service worker, which
 * would answer requests that tests stub with `page.route`; tests/e2e/offline.e2e.ts drives it. One made
 * inside a test closes when the test ends: a page left open goes on polling and drawing for the rest of its
 * file, in a suite whose time is its CPU (decision 45).
 */
export async function newPage(browser: Browser, viewport = desktop, base = baseUrl()): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    baseURL: base,
    serviceWorkers: "block",
    reducedMotion: "reduce",
  });
  if (getCurrentTest()) onTestFinished(() => context.close());
  return context.newPage();
}

const screenshotDir = path.resolve("test-results/screenshots");

/**
 * Saves a picture of the page for a person to look at, in test-results/screenshots; nothing checks it.
 * `E2E_SCREENSHOTS=0` (CI's setting) skips them: they were a sixth of the suite's browser CPU.
 */
export async function screenshot(page: Page, name: string, options = { fullPage: true }): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === "0") return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: options.fullPage });
}

/**
 * Opens a screen and waits until the browser has taken over the server's drawing of it (the root stops
 * being inert), so a test types and taps into a live screen, as a person who waits for it would.
 */
export async function openScreen(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator("#root:not([inert])").waitFor({ state: "attached" });
}

/**
 * Opens `address` in the page as the installed app's worker answers it: index.html as built, with neither the
 * server's drawing nor its answers, so the screen asks for its own reads (which a test may hold or stub) and
 * shows its loading, error and empty states. The server's own page draws the dashboard, orders and financial
 * screens with their data already in (tests/e2e/staff-drawn.e2e.ts).
 */
export async function openAsInstalledApp(page: Page, address: string): Promise<void> {
  const built = readFileSync(path.resolve("dist/web/index.html"), "utf8");
  const document = (url: URL) => url.pathname === address.split("?")[0];
  await page.route(document, (route) =>
    route.fulfill({ body: built, contentType: "text/html; charset=utf-8" }),
  );
  await page.goto(address);
  await page.unroute(document);
}

/** Signs in through the login screen's form, as a person would; lands on the role's home (`landing`). */
export async function signInAsStaff(
  page: Page,
  email: string,
  password = "demo1234",
  landing = "/dashboard",
): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`**${landing}`);
  await page.getByRole("button", { name: "Logout" }).waitFor();
}

/** Waits for a toast showing `text` (Radix also mirrors toasts into a live region, which this skips). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByTestId("toast").getByText(text, { exact: true }).first().waitFor();
}

/**
 * Checks that the summary cards show what `path` answers. Other test files change the books while one runs, so
 * the figures on screen count only when the server's answer was the same before `open` and after they were read.
 * `figures` maps each card's test id to its expected text; the cards must have left their "–" placeholder.
 */
export async function expectServerFigures<T>(
  page: Page,
  open: () => Promise<void>,
  path: string,
  figures: (answer: T) => Record<string, string>,
): Promise<T> {
  const ask = async () => (await page.request.get(`${baseUrl()}${path}`)).json() as Promise<T>;
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = figures(await ask());
    await open();
    const ids = Object.keys(before);
    await page.waitForFunction(
      (wanted) =>
        wanted.every(
          (id) => !["", "–"].includes(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ""),
        ),
      ids,
    );
    const shown = Object.fromEntries(
      await Promise.all(ids.map(async (id) => [id, await page.getByTestId(id).textContent()])),
    );
    const answer = await ask();
    const after = figures(answer);
    if (JSON.stringify(before) !== JSON.stringify(after)) continue;
    expect(shown).toEqual(after);
    return answer;
  }
  throw new Error(`${path} changed on each of five tries`);
}

/** Console errors and uncaught exceptions on the page, React's hydration mismatches among them. */
export function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * Asks for `/orders` in `context` (signed in as staff) until the server draws it, at most `seconds`: the
 * server loads the staff screens' drawing code at the first ask for one, and until then leaves the drawing
 * to the browser (decision 43). Says whether it drew.
 */
export async function untilStaffScreensDrawn(context: BrowserContext, seconds: number): Promise<boolean> {
  for (let waited = 0; waited < seconds * 1000; waited += 250) {
    if ((await (await context.request.get("/orders")).text()).includes('<div id="root" inert>')) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * Waits until each list on the page shows all its rows: a long list's first render has only the first
 * twelve, and a hidden `data-rows-pending` mark until the rest come (`ListState`). Count rows after this.
 */
export async function allRowsShown(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector("[data-rows-pending]"));
}

/** Holds every request matching `pattern` until the returned function is called (to see loading states). */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Opens `address` with the scripts matching `scripts` held, so what shows is the server's drawing: waits for
 * `drawn` (an element of it), checks that the page is inert, and marks that element. The returned function
 * lets the scripts go and waits until the browser has taken the page over.
 */
export async function openDrawing(
  page: Page,
  address: string,
  drawn: Locator,
  scripts = "**/assets/*.js",
): Promise<() => Promise<void>> {
  const release = await holdRequests(page, scripts);
  await page.goto(address, { waitUntil: "commit" });
  await drawn.waitFor();
  expect(await page.locator("#root").getAttribute("inert")).toBe("");
  await drawn.evaluate((el) => el.setAttribute("data-drawn-by", "server"));
  return async () => {
    release();
    await page.locator("#root:not([inert])").waitFor({ state: "attached" });
  };
}

/** How many elements `openDrawing` marked are still in the page: 1 if the browser took the drawing over. */
export const drawnElementsKept = (page: Page): Promise<number> =>
  page.locator('[data-drawn-by="server"]').count();

/** Signs a client in through the client login form; lands on the shop. */
export async function signInAsClient(
  page: Page,
  email = "client@urithi.co.ke",
  password = "demo1234",
): Promise<void> {
  await openScreen(page, "/client-login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/shop");
  await page.getByTestId("product-card").first().waitFor();
}

/** Signs a client in on the client login form in Kiswahili (the device's language chosen first); lands on the shop. */
export async function signInAsClientInKiswahili(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/client-login");
  await page.evaluate(() => localStorage.setItem("urithi:language", "sw"));
  await page.reload();
  await page.getByLabel("Barua pepe").fill(email);
  await page.getByLabel("Nenosiri").fill(password);
  await page.getByRole("button", { name: "Ingia", exact: true }).click();
  await page.waitForURL("**/shop");
}

/** The client shops one product (by its item code) into the cart and places the order with the chosen payment method. */
export async function orderFromCart(page: Page, product: string, method: "M-Pesa" | "Bank Transfer") {
  await openScreen(page, "/shop");
  await page.getByLabel("Search products").fill(product);
  const card = page.getByTestId("product-card").filter({ hasText: product }).first();
  await card.getByRole("button", { name: "Add to Cart" }).click();
  await openScreen(page, "/cart");
  await page.getByLabel("Delivery address *").fill("Ol Kalou, Nyandarua");
  await page.getByLabel(method).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await page.waitForURL(/\/order-success\?id=\d+$/);
  return (await page.getByTestId("order-number").textContent())!;
}
