import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, newPage, phone, screenshot, signInAsStaff } from "./support/browser";
import { uniqueTag } from "./support/fixtures";
import { browser } from "./support/session";

/** The link in the newest invite email to `email`, as the outbox holds it (demo mode shows it whole). */
async function inviteLink(director: Page, email: string): Promise<string> {
  let body = "";
  await expect
    .poll(async () => {
      const found = (await (
        await director.request.get(`/api/messages?search=${encodeURIComponent(email)}`)
      ).json()) as {
        kind: string;
        body: string;
      }[];
      body = found.find((m) => m.kind === "staff_invite")?.body ?? "";
      return body;
    })
    .toContain("token=");
  const link = new URL(/https?:\/\/\S+/.exec(body)![0]);
  return `${link.pathname}${link.search}`;
}

/**
 * Staff accounts (issue 38): a Director invites a Sales Manager, who sets a password from the email's link,
 * signs in and sees only the sales screens; deactivated mid-session, their next click lands on sign-in.
 */
describe("staff management", () => {
  it("invites a Sales Manager, who sets a password, signs in to sales screens only, and is deactivated", async () => {
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    await director.getByRole("link", { name: "Staff" }).click();
    await director.waitForURL("**/staff");
    await director.getByTestId("staff-row").filter({ hasText: "sales@urithi.co.ke" }).waitFor();
    expect(Number(await director.getByTestId("stat-Directors").textContent())).toBeGreaterThanOrEqual(1);
    // Their own row offers no role change and no deactivation.
    const mine = director.getByTestId("staff-row").filter({ hasText: "director1@urithi.co.ke" });
    expect(await mine.getByRole("combobox").count()).toBe(0);
    expect(await mine.getByRole("button", { name: /Deactivate/ }).count()).toBe(0);

    await director.getByRole("button", { name: "Invite staff" }).click();
    const dialog = director.getByRole("dialog");
    await dialog.getByRole("button", { name: "Send invite" }).click();
    await dialog.getByText("First name is required").waitFor();
    await dialog.getByText("Choose a role").waitFor();
    const tag = uniqueTag();
    const email = `mercy.${tag}@urithi.co.ke`;
    await dialog.getByLabel("First name *").fill("Mercy");
    await dialog.getByLabel("Last name *").fill(`Chebet ${tag}`);
    await dialog.getByLabel("Email *").fill(email);
    await dialog.getByLabel("Mobile *").fill("0711 222 333");
    await dialog.getByLabel("Role *").selectOption("sales_manager");
    await dialog.getByRole("button", { name: "Send invite" }).click();
    await expectToast(director, "Invite sent");
    const row = director.getByTestId("staff-row").filter({ hasText: email });
    await row.getByText("Invited").waitFor();
    await screenshot(director, "staff-desktop");

    // The invitee opens the link on their phone.
    const link = await inviteLink(director, email);
    const invitee = await newPage(browser, phone);
    await invitee.goto(link);
    await invitee.getByRole("heading", { name: "Set your password" }).waitFor();
    await invitee.getByLabel("New password").fill("short");
    await invitee.getByLabel("Confirm password").fill("short");
    await invitee.getByRole("button", { name: "Set password" }).click();
    await invitee.getByText("Password must be at least 10 characters").waitFor();
    const password = `Ng'ombe-${tag}-2026`;
    await invitee.getByLabel("New password").fill(password);
    await invitee.getByLabel("Confirm password").fill(`${password}x`);
    await invitee.getByRole("button", { name: "Set password" }).click();
    await invitee.getByText("Passwords do not match").waitFor();
    await invitee.getByLabel("Confirm password").fill(password);
    await screenshot(invitee, "staff-set-password-phone");
    await invitee.getByRole("button", { name: "Set password" }).click();
    await invitee.getByText(`The password for ${email} is set.`, { exact: false }).waitFor();
    await invitee.getByRole("link", { name: "Sign in" }).click();
    await invitee.waitForURL("**/login");
    await signInAsStaff(invitee, email, password);
    await invitee.getByRole("button", { name: "Menu" }).click();
    await invitee.getByRole("link", { name: "Sales & Orders" }).waitFor();
    for (const hidden of ["Staff", "Settings", "Financial Management", "Cryo Storage"]) {
      expect(await invitee.getByRole("link", { name: hidden, exact: true }).count(), hidden).toBe(0);
    }
    await invitee.keyboard.press("Escape");

    // The link worked once.
    const again = await newPage(browser, phone);
    await again.goto(link);
    await again.getByLabel("New password").fill("Another-password-77");
    await again.getByLabel("Confirm password").fill("Another-password-77");
    await again.getByRole("button", { name: "Set password" }).click();
    await again.getByText("This link has expired or was already used").waitFor();

    // Deactivated while signed in: the next step lands on sign-in.
    await director.reload();
    await row.getByText("Active", { exact: true }).waitFor();
    await row.getByRole("button", { name: /^Deactivate/ }).click();
    await director.getByRole("alertdialog").getByRole("button", { name: "Deactivate" }).click();
    await expectToast(director, "Mercy is deactivated");
    await row.getByText("Inactive").waitFor();
    await invitee.goto("/orders");
    await invitee.waitForURL("**/login**");
  });

  it("shows the set-password page in Kiswahili, and says when a link is incomplete", async () => {
    const page = await newPage(browser, phone);
    await page.goto("/reset-password?email=x%40urithi.co.ke");
    await page.getByText("This link is incomplete").waitFor();
    await page.evaluate(() => localStorage.setItem("urithi:language", "sw"));
    await page.goto("/accept-invite?token=not-a-real-token");
    await page.getByRole("heading", { name: "Weka nenosiri lako" }).waitFor();
    await page.getByLabel("Nenosiri jipya").fill("Mbegu-bora-2026");
    await page.getByLabel("Thibitisha nenosiri").fill("Mbegu-bora-2026");
    await page.getByRole("button", { name: "Weka nenosiri" }).click();
    await page.getByText("Kiungo hiki kimeisha muda au kimeshatumika").waitFor();
    await screenshot(page, "staff-set-password-sw-phone");
  });

  it("fits a phone: the staff list as cards, a role changed in place", async () => {
    const page = await newPage(browser, phone);
    await signInAsStaff(page, "director2@urithi.co.ke");
    // Someone of its own, so no other test's account changes role under it.
    const tag = uniqueTag();
    const invited = await page.request.post("/api/staff", {
      data: {
        firstName: "Otieno",
        lastName: `Were ${tag}`,
        email: `otieno.${tag}@urithi.co.ke`,
        role: "lab_technician",
        phone: "0722 333 444",
      },
    });
    expect(invited.status()).toBe(201);
    await page.goto(`/staff?search=${tag}`);
    const row = page.getByTestId("staff-row").filter({ hasText: `otieno.${tag}@urithi.co.ke` });
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await screenshot(page, "staff-phone");
    await row.getByRole("combobox", { name: /Role of/ }).selectOption("logistics_coordinator");
    await expectToast(page, "Otieno is now Logistics Coordinator");
    await page.reload();
    expect(await row.getByRole("combobox", { name: /Role of/ }).inputValue()).toBe("logistics_coordinator");
  });
});
