import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  desktop,
  expectToast,
  launchBrowser,
  newPage,
  phone,
  screenshot,
  signInAsClient,
  signInAsStaff,
} from "./support/browser";
import { startServer } from "./support/global-setup";

// Its own server, behind a trusted "proxy" (loopback), so each test can sign in from its own address.
let server: { baseUrl: string; stop: () => Promise<void> };
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "loopback" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = (path: string, body: unknown, forwardedFor = "127.0.0.1") =>
  fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify(body),
  });

async function newClient(): Promise<{ email: string; password: string }> {
  const email = `farmer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.co.ke`;
  const password = "mbegu-bora-42";
  const res = await api("/api/client-signup", {
    firstName: "Chebet",
    lastName: "Rono",
    email,
    phone: "+254 733 111 222",
    password,
    confirmPassword: password,
    farmName: "Rono Dairy",
    farmType: "dairy",
    location: "Kericho",
    county: "Kericho",
    herdSize: "11-50",
    experience: "intermediate",
    interests: [],
    userType: "client",
  });
  expect(res.status).toBe(201);
  return { email, password };
}

const signedIn = async (page: Page) => (await page.request.get("/api/auth/me")).status() === 200;

describe("client account security", () => {
  it("lists sessions, signs another device out, and changes the password with errors under the fields", async () => {
    const { email, password } = await newClient();
    const otherPhone = await newPage(browser, phone, server.baseUrl);
    await signInAsClient(otherPhone, email, password);
    const page = await newPage(browser, desktop, server.baseUrl);
    await signInAsClient(page, email, password);

    await page.getByRole("link", { name: "Security" }).click();
    await page.waitForURL("**/client-account");
    const sessions = page.getByRole("list", { name: "Active sessions" });
    await sessions.getByText("This device").waitFor();
    expect(await sessions.getByRole("listitem").count()).toBe(2);

    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password", { exact: true }).fill("ngombe-mpya-7");
    await page.getByLabel("Confirm new password").fill("ngombe-mpya-8");
    await page.getByRole("button", { name: "Change Password" }).click();
    const confirm = page.getByLabel("Confirm new password");
    expect(await confirm.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#account-confirmPassword-error").textContent()).toBe("Passwords do not match");

    // The common-password rule lives on the server; its answer lands under the field too.
    await page.getByLabel("New password", { exact: true }).fill("password123");
    await confirm.fill("password123");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page
      .locator("#account-newPassword-error")
      .getByText(/most common/)
      .waitFor();
    await screenshot(page, "account-security-client-errors");

    await page.getByLabel("New password", { exact: true }).fill("ngombe-mpya-7");
    await confirm.fill("ngombe-mpya-7");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Password Changed");
    await expect.poll(() => sessions.getByRole("listitem").count()).toBe(1);
    expect(await signedIn(otherPhone)).toBe(false);
    expect(await signedIn(page)).toBe(true);

    const login = await api("/api/client-login", { email, password: "ngombe-mpya-7" });
    expect(login.status).toBe(200);

    await page.setViewportSize(phone);
    await screenshot(page, "account-security-client-phone");
    await page.context().close();
    await otherPhone.context().close();
  });

  it("says how long to wait after too many wrong passwords", async () => {
    const { email } = await newClient();
    const page = await newPage(browser, phone, server.baseUrl);
    await page.goto("/client-login");
    const alert = page.getByRole("alert");
    // Five free tries, then each wait doubles (1 s, 3 s, 7 s …): a person typing meets one soon.
    const shown = async () => ((await alert.count()) > 0 ? ((await alert.textContent()) ?? "") : "");
    for (let i = 0; i < 12 && !/Too many/.test(await shown()); i++) {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(`wrong-${i}`);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("button", { name: "Sign In" }).waitFor();
      await alert.waitFor();
    }
    await alert.getByText(/^Too many sign-in attempts\. Try again in 1 minute\.$/).waitFor({ timeout: 1000 });
    await screenshot(page, "client-login-throttled-phone");
    await page.context().close();
  });
});

describe("staff account security", () => {
  it("shows a notice of repeated failures and signs out other sessions", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await api(
        "/api/auth/login",
        { username: "sales@urithi.co.ke", password: "guess" },
        `41.80.0.${i}`,
      );
      expect(res.status).toBe(401);
    }
    const elsewhere = await newPage(browser, desktop, server.baseUrl);
    await signInAsStaff(elsewhere, "sales@urithi.co.ke");
    const page = await newPage(browser, desktop, server.baseUrl);
    await signInAsStaff(page, "sales@urithi.co.ke");

    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("link", { name: "Account security" }).click();
    await page.waitForURL("**/account");
    await page
      .getByRole("region", { name: "Security notices" })
      .getByText(/10 failed sign-ins to your account/)
      .waitFor();
    await screenshot(page, "account-security-staff");

    await page.getByRole("button", { name: "Sign out other sessions" }).click();
    await expectToast(page, "Signed Out Elsewhere");
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(page)).toBe(true);

    await page.setViewportSize(phone);
    await screenshot(page, "account-security-staff-phone");
    await page.context().close();
    await elsewhere.context().close();
  });
});
