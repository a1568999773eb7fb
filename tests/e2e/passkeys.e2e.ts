import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseUrl,
  desktop,
  expectToast,
  newPage,
  phone,
  screenshot,
  signInAsClientInKiswahili,
  signInAsStaff,
} from "./support/browser";
import { createClientAccount, uniqueTag } from "./support/fixtures";
import { browser } from "./support/session";

/** The same server by name: WebAuthn takes a host name, not 127.0.0.1, as the relying party. */
const byName = () => baseUrl().replace("127.0.0.1", "localhost");

/** Chromium's DevTools virtual authenticator: a platform one (internal), with user verification. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/** A staff member of the test's own: invited by a Director, with a password set from the invite link. */
async function newStaffMember(director: Page) {
  const tag = uniqueTag();
  const email = `njeri.${tag}@urithi.co.ke`;
  const password = `Ofisi-${tag}-2026`;
  const invited = await director.request.post("/api/staff", {
    data: {
      firstName: "Njeri",
      lastName: `Wambui ${tag}`,
      email,
      role: "lab_technician",
      phone: "0711 222 333",
    },
  });
  expect(invited.status()).toBe(201);
  let token = "";
  await expect
    .poll(async () => {
      const found = (await (
        await director.request.get(`/api/messages?search=${encodeURIComponent(email)}`)
      ).json()) as {
        body: string;
      }[];
      token = /token=([\w-]+)/.exec(found[0]?.body ?? "")?.[1] ?? "";
      return token;
    })
    .not.toBe("");
  expect(
    (await director.request.post("/api/auth/accept-invite", { data: { token, password } })).status(),
  ).toBe(200);
  return { email, password };
}

const signOut = async (page: Page) => {
  await page.request.post("/api/auth/logout");
  await page.context().clearCookies({ name: "urithi_sid" });
};

describe("passkeys", () => {
  it("registers on /account, signs in with the Fingerprint button, refuses a replay, and stops once removed", async () => {
    const director = await newPage(browser, desktop, byName());
    await signInAsStaff(director, "director1@urithi.co.ke");
    const person = await newStaffMember(director);

    const page = await newPage(browser, desktop, byName());
    const authenticator = await virtualAuthenticator(page);
    await signInAsStaff(page, person.email, person.password);
    await page.goto("/account");
    const card = page.getByRole("form", { name: "Add a passkey" });
    await card.getByLabel("Name for this passkey").fill("Ofisi laptop");
    await card.getByRole("button", { name: "Add a passkey" }).click();
    await expectToast(page, "Passkey added. You can now sign in with your fingerprint or face.");
    await page.getByTestId("passkey-row").filter({ hasText: "Ofisi laptop" }).waitFor();
    await screenshot(page, "passkeys-account-desktop");

    // The Director sees it counted on /staff.
    await director.goto(`/staff?search=${encodeURIComponent(person.email)}`);
    const row = director.getByTestId("staff-row").filter({ hasText: person.email });
    await row.getByRole("button", { name: /Revoke the passkeys of/ }).waitFor();

    await signOut(page);
    await page.goto("/login");
    let verify: { body: string; cookie: string } | undefined;
    page.on("request", async (request) => {
      if (request.url().endsWith("/api/auth/passkeys/login/verify")) {
        verify = { body: request.postData() ?? "", cookie: (await request.allHeaders()).cookie ?? "" };
      }
    });
    await page.getByRole("button", { name: "Fingerprint" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("button", { name: "Logout" }).waitFor();
    await expect.poll(() => verify?.body ?? "").toContain("authenticatorData");

    // The same signed answer again, with its challenge's cookie or with a fresh challenge: refused.
    const replay = async (cookie: string) =>
      page.request.post("/api/auth/passkeys/login/verify", {
        data: JSON.parse(verify!.body),
        headers: { cookie },
      });
    const again = await replay(verify!.cookie);
    expect(again.status()).toBe(401);
    expect((await again.json()).error.message).toBe("Please try again or use password login");
    const fresh = await page.request.post("/api/auth/passkeys/login/options");
    const handle = /urithi_wa=([^;]+)/.exec(fresh.headers()["set-cookie"] ?? "")![1]!;
    expect((await replay(`urithi_wa=${handle}`)).status()).toBe(401);

    // A fingerprint that does not match: SPEC's failure message, and no sign-in.
    await signOut(page);
    await authenticator.cdp.send("WebAuthn.setUserVerified", {
      authenticatorId: authenticator.id,
      isUserVerified: false,
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Fingerprint" }).click();
    await expectToast(page, "Please try again or use password login");
    await screenshot(page, "passkey-failed-desktop");
    await authenticator.cdp.send("WebAuthn.setUserVerified", {
      authenticatorId: authenticator.id,
      isUserVerified: true,
    });

    // Removed on /account, the passkey left on the device no longer signs in.
    await signInAsStaff(page, person.email, person.password);
    await page.goto("/account");
    await page
      .getByTestId("passkey-row")
      .filter({ hasText: "Ofisi laptop" })
      .getByRole("button", { name: "Remove" })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expectToast(page, "Passkey removed.");
    await page.getByText("No passkeys yet.").waitFor();
    await signOut(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Face ID" }).click();
    await expectToast(page, "Please try again or use password login");
    expect(page.url()).toContain("/login");
  });

  it("lets a farmer add one on /client-account and sign in with it, in Kiswahili on a phone", async () => {
    const page = await newPage(browser, phone, byName());
    await virtualAuthenticator(page);
    const account = await createClientAccount(page, { language: "sw" });
    await signInAsClientInKiswahili(page, account.email, account.password);
    await page.goto("/client-account");
    await page.getByLabel("Jina la passkey hii").fill("Simu yangu");
    await page.getByRole("button", { name: "Ongeza passkey" }).click();
    await page.getByTestId("passkey-row").filter({ hasText: "Simu yangu" }).waitFor();
    await screenshot(page, "passkeys-client-account-sw-phone");

    await signOut(page);
    await page.goto("/client-login");
    await screenshot(page, "passkey-client-login-sw-phone");
    await page.getByRole("button", { name: "Ingia kwa alama ya kidole au uso" }).click();
    await page.waitForURL("**/shop");
  });
});
