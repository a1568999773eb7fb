import { describe, expect, it } from "vitest";
import { kenyanMobileE164 } from "../../src/contract/primitives";
import {
  desktop,
  newPage,
  phone,
  screenshot,
  signInAsClientInKiswahili,
  signInAsStaff,
} from "./support/browser";
import { createClientAccount, newestMessage, uniqueMobile, uniqueTag } from "./support/fixtures";
import { browser } from "./support/session";

const SW_SIGNED_OUT = "Kipindi kimeisha";
const codeIn = (sms: string) => /\b(\d{6})\b/.exec(sms)![1]!;

/**
 * Account recovery (issue 38 §3): a farmer proves their mobile with an SMS code, forgets the password, and
 * sets a new one with a code texted to that mobile, in Kiswahili on a phone; staff use an email link.
 */
describe("a forgotten password", () => {
  it("is reset by a code texted to the client's verified mobile, in Kiswahili on a phone", async () => {
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const mobile = uniqueMobile();
    const e164 = kenyanMobileE164(mobile)!;
    const farmer = await newPage(browser, phone);
    const account = await createClientAccount(farmer, { phone: mobile, language: "sw" });
    await signInAsClientInKiswahili(farmer, account.email, account.password);

    // Prove the mobile first: only a verified number can reset a password.
    await farmer.goto("/client-account");
    await farmer.getByText("Bado haijathibitishwa", { exact: false }).waitFor();
    await farmer.getByRole("button", { name: "Thibitisha kwa SMS" }).click();
    await farmer.getByText(`Tumetuma nambari ya tarakimu 6 kwa ${e164}`).waitFor();
    const verifyCode = codeIn(await newestMessage(director, e164, "phone_code"));
    await farmer.getByLabel("Nambari kutoka kwa SMS").fill(verifyCode);
    await farmer.getByRole("button", { name: "Thibitisha", exact: true }).click();
    await farmer.getByText("Imethibitishwa", { exact: false }).waitFor();
    await screenshot(farmer, "phone-verified-sw-phone");

    await farmer.goto("/logout");
    await farmer.getByText(SW_SIGNED_OUT).waitFor();
    await farmer.goto("/client-login");
    await farmer.getByRole("link", { name: "Umesahau nenosiri?" }).click();
    await farmer.waitForURL("**/forgot-password");
    await farmer.getByRole("radio", { name: "Nambari kwa SMS" }).waitFor();
    await farmer.getByRole("button", { name: "Tuma nambari" }).click();
    await farmer.getByText("Namba ya simu inahitajika").waitFor();
    await farmer.getByLabel("Namba ya simu").fill(mobile);
    await screenshot(farmer, "forgot-password-sw-phone");
    // The narrowest phone in the list: the two ways still fit side by side, nothing runs off.
    await farmer.setViewportSize({ width: 360, height: 740 });
    expect(await farmer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(farmer, "forgot-password-sw-360");
    await farmer.getByRole("button", { name: "Tuma nambari" }).click();
    await farmer.getByText(`Kama ${e164} ni simu iliyothibitishwa`, { exact: false }).waitFor();

    const sms = await newestMessage(director, e164, "reset_code");
    expect(sms).toContain("dakika 15");
    const code = codeIn(sms);
    const wrong = code === "000000" ? "000001" : "000000";
    const newPassword = `Shamba-${uniqueTag()}-jipya`;
    await farmer.getByLabel("Nambari ya tarakimu 6").fill(wrong);
    await farmer.getByLabel("Nenosiri jipya").fill(newPassword);
    await farmer.getByLabel("Thibitisha nenosiri").fill(newPassword);
    await farmer.getByRole("button", { name: "Weka nenosiri" }).click();
    await farmer.getByText("Nambari hii si sahihi au imeisha muda. Omba nyingine.").waitFor();
    await farmer.getByLabel("Nambari ya tarakimu 6").fill(code);
    await farmer.getByRole("button", { name: "Weka nenosiri" }).click();
    await farmer.getByText(`Nenosiri la ${account.email} limewekwa`, { exact: false }).waitFor();
    await screenshot(farmer, "forgot-password-done-sw-phone");

    await farmer.getByRole("link", { name: "Ingia", exact: true }).click();
    await farmer.waitForURL("**/client-login");
    await farmer.getByLabel("Barua pepe").fill(account.email);
    await farmer.getByLabel("Nenosiri").fill(account.password);
    await farmer.getByRole("button", { name: "Ingia" }).click();
    await farmer.getByText("Barua pepe au nenosiri si sahihi", { exact: false }).waitFor();
    await farmer.getByLabel("Nenosiri").fill(newPassword);
    await farmer.getByRole("button", { name: "Ingia" }).click();
    await farmer.waitForURL("**/shop");
  });

  it("is reset by an email link for staff, from the staff sign-in", async () => {
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    const tag = uniqueTag();
    const email = `otieno.${tag}@urithi.co.ke`;
    const invited = await director.request.post("/api/staff", {
      data: {
        firstName: "Otieno",
        lastName: `Ouma ${tag}`,
        email,
        role: "lab_technician",
        phone: "0711 222 333",
      },
    });
    expect(invited.status()).toBe(201);
    const invite = new URL(/https?:\/\/\S+/.exec(await newestMessage(director, email, "staff_invite"))![0]);
    const first = `Maabara-${tag}-2026`;
    const accepted = await director.request.post("/api/auth/accept-invite", {
      data: { token: invite.searchParams.get("token"), password: first },
    });
    expect(accepted.status()).toBe(200);

    const staff = await newPage(browser, desktop);
    await staff.goto("/login");
    await staff.getByRole("link", { name: "Forgot password?" }).click();
    await staff.waitForURL("**/forgot-password?by=email");
    // Staff have no SMS choice: the link by email only.
    expect(await staff.getByRole("radio").count()).toBe(0);
    await staff.getByLabel("Email").fill(email);
    await screenshot(staff, "forgot-password-staff-desktop");
    await staff.getByRole("button", { name: "Send link" }).click();
    await staff.getByText(`If an account uses ${email}`, { exact: false }).waitFor();

    const mail = await newestMessage(director, email, "password_reset");
    expect(mail).toContain("15 minutes");
    const link = new URL(/https?:\/\/\S+/.exec(mail)![0]);
    await staff.goto(`${link.pathname}${link.search}`);
    const second = `Maabara-${tag}-mpya`;
    await staff.getByLabel("New password").fill(second);
    await staff.getByLabel("Confirm password").fill(second);
    await staff.getByRole("button", { name: "Set password" }).click();
    await staff.getByRole("link", { name: "Sign in" }).waitFor();
    await signInAsStaff(staff, email, second);
  });
});
