import { describe, expect, it } from "vitest";
import { expectToast, newPage, phone, screenshot, signInAsStaff } from "./support/browser";
import { nairobiDay } from "./support/fixtures";
import { browser } from "./support/session";

/** A delayed shipment carries its new day and its reason to the order and the client (issue 36). */
describe("a delayed shipment", () => {
  it("asks Logistics for the new date and why, and the client's order moves to that date", async () => {
    const page = await newPage(browser, phone);
    await signInAsStaff(page, "logistics@urithi.co.ke");
    const active = await (await page.request.get("/api/shipments?view=active&limit=500")).json();
    const shipment = active.find(
      (s: { status: string; orderId: number | null }) => s.status === "in_transit" && s.orderId,
    );
    expect(shipment).toBeDefined();
    await page.goto("/shipping");
    const row = page.getByTestId("shipment-row").filter({ hasText: shipment.trackingNumber });
    await row.getByLabel(/^Status of/).selectOption("delayed");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Save delay" }).click();
    await dialog.getByText("Enter the new expected delivery date").waitFor();
    await dialog.getByText("Say why it is delayed").waitFor();
    // Four Nairobi days on: the seeded order expects an earlier one, whatever the machine's UTC day is.
    const day = nairobiDay(4);
    await dialog.getByLabel("New expected delivery *").fill(day);
    await dialog.getByLabel("Reason *").fill("Flight to Kisumu cancelled");
    await screenshot(page, "shipment-delay-phone", { fullPage: false });
    await dialog.getByRole("button", { name: "Save delay" }).click();
    await expectToast(page, "Shipment status updated");
    await row.getByText("Delayed", { exact: true }).first().waitFor();
    const order = await (await page.request.get(`/api/orders/${shipment.orderId}`)).json();
    expect(order.expectedDeliveryDate.slice(0, 10)).toBe(day);
    expect(order.history.at(-1).note).toBe("Delivery delayed: Flight to Kisumu cancelled");
    expect(order.delivery.redates.at(-1)).toMatchObject({ to: day, reason: "Flight to Kisumu cancelled" });
    await page.context().close();

    // Staff read the same days as the client: the one confirmed at approval, and the move with its reason.
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    await director.goto("/orders");
    await director.getByLabel("Search orders").fill(order.orderNumber);
    const card = director.getByTestId("order-card").filter({ hasText: order.orderNumber });
    await card.getByRole("button", { name: /^View/ }).click();
    const details = director.getByTestId("order-details");
    await details.getByText("Confirmed at approval").waitFor();
    expect(await details.getByTestId("redate").last().textContent()).toContain("Flight to Kisumu cancelled");
    await screenshot(director, "order-delivery-days-desktop", { fullPage: false });
    await director.context().close();
  });
});
