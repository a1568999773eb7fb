import { describe, expect, it } from "vitest";
import { expectToast, newPage, phone, screenshot, signInAsStaff } from "./support/browser";
import { browser } from "./support/session";

describe("staff login", () => {
  it("signs in with email and password and lands on the dashboard", async () => {
    const page = await newPage(browser);
    await page.goto("/login");
    await page.getByText("Demo accounts").waitFor();
    await screenshot(page, "login-desktop");
    await signInAsStaff(page, "director1@urithi.co.ke");
    await expectToast(page, "Login Successful");
    expect(await page.getByRole("navigation", { name: "Main" }).first().isVisible()).toBe(true);
    await page.context().close();
  });

  it("shows 'Login Failed' for a wrong password and stays on the login screen", async () => {
    const page = await newPage(browser);
    await page.goto("/login");
    await page.getByLabel("Email").fill("director2@urithi.co.ke");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    const toast = page.getByTestId("toast");
    await toast.getByText("Login Failed").waitFor();
    expect(await toast.getByText("Invalid username or password").isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.context().close();
  });

  it("asks for both fields before calling the server", async () => {
    const page = await newPage(browser);
    let loginCalls = 0;
    page.on("request", (r) => r.url().endsWith("/api/auth/login") && loginCalls++);
    await page.goto("/login");
    await page.getByLabel("Email").fill("director1@urithi.co.ke");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Missing Information");
    await expectToast(page, "Please enter both username and password");
    expect(loginCalls).toBe(0);
    // A second message replaces the first: at most one toast is visible.
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Login Failed");
    expect(await page.locator('[data-testid="toast"][data-state="open"]').count()).toBe(1);
    await page.context().close();
  });

  it("shows and hides the password", async () => {
    const page = await newPage(browser);
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret");
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await password.getAttribute("type")).toBe("password");
    await page.context().close();
  });

  it("signs in with one click on a demo account, and the sidebar follows the role", async () => {
    const page = await newPage(browser, phone);
    await page.goto("/login");
    await page.getByText("Demo accounts").waitFor();
    await screenshot(page, "login-phone");
    await page.getByRole("button", { name: /Sales Manager/ }).click();
    await page.waitForURL("**/dashboard");
    await page.goto("/customers");
    await page.getByRole("heading", { name: "Customer Management" }).waitFor();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByTestId("sidebar-drawer");
    expect(await drawer.getByRole("link", { name: "Customer Management" }).isVisible()).toBe(true);
    expect(await drawer.getByRole("link", { name: "Financial Management" }).count()).toBe(0);
    await page.context().close();
  });

  it("sends a visitor without a session from a staff screen to the login", async () => {
    const page = await newPage(browser);
    await page.goto("/customers");
    await page.waitForURL("**/login");
    await page.context().close();
  });

  it("shows the biometric buttons only when the device has a platform authenticator", async () => {
    const plain = await newPage(browser);
    await plain.goto("/login");
    await plain.getByText("Demo accounts").waitFor();
    expect(await plain.getByTestId("biometric-buttons").count()).toBe(0);
    await plain.context().close();

    const page = await newPage(browser);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    await page.goto("/login");
    await page.getByTestId("biometric-buttons").waitFor();
    expect(await page.getByText("for internal staff only").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Fingerprint" }).click();
    await expectToast(page, "Please try again or use password login");
    // It did not pretend to sign anyone in.
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.context().close();
  });
});
