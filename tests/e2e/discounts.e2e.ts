import { describe, expect, it } from "vitest";
import { baseUrl, desktop, expectToast, newPage, phone, screenshot, signInAsStaff } from "./support/browser";
import { createCustomer, createStrawItem } from "./support/fixtures";
import { browser } from "./support/session";

/**
 * Discounts (issue 36): a Director sets the Sales Manager's limit in Settings; the Sales Manager's order
 * above it is placed and waits for a Director, whom the Chief Scientist cannot stand in for.
 */
describe("the Sales Manager's discount limit", () => {
  it("is set by a Director, and an order above it is approved only by a Director", async () => {
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    await director.goto("/settings");
    const business = director.getByRole("form", { name: "Company details" });
    await expect.poll(() => business.getByLabel("Trade name *").inputValue()).not.toBe("");
    await business.getByLabel("Address *").fill("");
    await business.getByRole("button", { name: "Save details" }).click();
    await business.getByText("Address is required").waitFor();
    await business.getByLabel("Address *").fill("Plot 12, Kenyatta Avenue, Nakuru");
    await business.getByLabel("Phone").fill("+254 711 000 111");
    await business.getByLabel("KRA PIN").fill("12345");
    await business.getByRole("button", { name: "Save details" }).click();
    await business.getByText("A KRA PIN is a letter, 9 digits and a letter").waitFor();
    await business.getByLabel("KRA PIN").fill("P051234567X");
    // The environment's bank details are the first-run defaults, shown to be changed.
    expect(await business.getByLabel("Bank", { exact: true }).inputValue()).not.toBe("");
    await business.getByRole("button", { name: "Save details" }).click();
    await expectToast(director, "Company details saved");
    const form = director.getByRole("form", { name: "Discounts" });
    await form.getByLabel("Sales Manager's discount limit (%)").fill("70");
    await form.getByRole("button", { name: "Save" }).click();
    await form.page().getByText("The limit can be at most 50%").waitFor();
    await form.getByLabel("Sales Manager's discount limit (%)").fill("12");
    await form.getByRole("button", { name: "Save" }).click();
    await expectToast(director, "Discount limit saved");
    await director.getByText(/Last set by Grace/).waitFor();
    await screenshot(director, "settings-discounts", { fullPage: false });
    // The same forms on a phone: one column, nothing wider than the screen.
    await director.setViewportSize(phone);
    await director.getByRole("form", { name: "Company details" }).scrollIntoViewIfNeeded();
    expect(await director.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );
    await screenshot(director, "settings-phone");
    await director.setViewportSize(desktop);
    const straw = await createStrawItem(director, 5);
    // New semen is exempt, and its record says so.
    await director.goto(`/inventory?item=${straw.id}`);
    await director.getByRole("dialog").getByTestId("tax-type").getByText("A – Exempt").waitFor();
    const customer = await createCustomer(director);

    const sales = await newPage(browser);
    await signInAsStaff(sales, "sales@urithi.co.ke");
    await sales.goto("/orders");
    await sales.getByRole("button", { name: "New Order" }).click();
    const dialog = sales.getByRole("dialog");
    await dialog.getByLabel("Customer *").fill(customer.email!);
    await dialog.getByRole("button", { name: new RegExp(customer.name) }).click();
    const line = dialog.getByTestId("product-line").first();
    await line.getByLabel("Product").selectOption(String(straw.id));
    await line.getByLabel("Discount %").fill("20");
    await dialog
      .getByTestId("discount-note")
      .getByText("A 20% discount is above your 12% limit: a Director must approve this order.")
      .waitFor();
    await screenshot(sales, "orders-discount-over-limit", { fullPage: false });
    await dialog.getByRole("button", { name: "Create Order" }).click();
    await expectToast(sales, "Order Created");
    const [order] = await (
      await sales.request.get(`${baseUrl()}/api/orders?search=${encodeURIComponent(customer.email!)}`)
    ).json();
    expect(order).toMatchObject({ discountPct: 20, discountOverLimit: true });

    const scientist = await newPage(browser);
    await signInAsStaff(scientist, "scientist@urithi.co.ke");
    await scientist.goto("/order-approval");
    await scientist.getByTestId("pending-order").filter({ hasText: order.orderNumber }).click();
    await scientist
      .getByTestId("needs-director")
      .getByText(/20% discount, above the Sales Manager's limit/)
      .waitFor();
    expect(await scientist.getByRole("button", { name: "Approve Order" }).count()).toBe(0);
    await screenshot(scientist, "approval-needs-director", { fullPage: false });

    await director.goto("/order-approval");
    const entry = director.getByTestId("pending-order").filter({ hasText: order.orderNumber });
    await entry
      .getByTestId("pending-discount")
      .getByText("20% discount, above the limit: a Director approves")
      .waitFor();
    await entry.click();
    await director.getByRole("button", { name: "Approve Order" }).waitFor();
    expect(await director.getByTestId("needs-director").count()).toBe(0);
    await director.context().close();
    await sales.context().close();
    await scientist.context().close();
  });
});
