import type { APIRequestContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseUrl,
  expectToast,
  newPage,
  phone,
  screenshot,
  signInAsClient,
  signInAsStaff,
} from "./support/browser";
import { browser } from "./support/session";

/** Places an order as the demo client through the API the portal uses; answers its number. */
async function placeOrder(
  request: APIRequestContext,
  productName: string,
  quantity: number,
  contact: { customerName?: string; customerPhone?: string } = {},
): Promise<string> {
  const products = await (await request.get(`${baseUrl()}/api/shop/products`)).json();
  const product = products.find(
    (p: { name: string; inStock: number }) => p.name === productName && p.inStock >= quantity,
  );
  const res = await request.post(`${baseUrl()}/api/client/orders`, {
    data: {
      customerName: "John Mwangi",
      customerEmail: "client@urithi.co.ke",
      customerPhone: "+254 712 345 678",
      customerLocation: "Githunguri",
      items: [{ productId: product.id, quantity }],
      paymentMethod: "mpesa",
      currency: "KES",
      ...contact,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).orderNumber;
}

describe("order approval", () => {
  it("shows a delivery contact other than the account holder, labelled as such", async () => {
    const client = await newPage(browser);
    await signInAsClient(client);
    const number = await placeOrder(client.request, "Jersey Semen", 1, {
      customerName: "Peter Kariuki (farm manager)",
      customerPhone: "+254 733 444 555",
    });
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    await director.goto("/order-approval");
    await director.getByTestId("pending-order").filter({ hasText: number }).click();
    const details = director.getByTestId("approval-details");
    await details.getByText(number, { exact: true }).waitFor();
    expect(await details.getByText("John Mwangi", { exact: true }).count()).toBeGreaterThan(0);
    const contact = details.getByTestId("delivery-contact");
    expect(await contact.textContent()).toBe(
      "Peter Kariuki (farm manager) · +254 733 444 555 (not the account holder's details)",
    );
    await screenshot(director, "approval-delivery-contact");
    await client.context().close();
    await director.context().close();
  });

  it("a director approves; the client then sees approved with its estimated delivery", async () => {
    const client = await newPage(browser);
    await signInAsClient(client);
    const number = await placeOrder(client.request, "Jersey Semen", 4);

    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    await director.goto("/order-approval");
    await director.getByText("Directors and the Chief Scientist only", { exact: false }).waitFor();
    const entry = director.getByTestId("pending-order").filter({ hasText: number });
    await entry.click();
    const details = director.getByTestId("approval-details");
    await details.getByText(number, { exact: true }).waitFor();
    expect(await details.textContent()).toContain("Jersey Semen × 4");
    expect(await details.textContent()).toContain("M-Pesa");
    await director.getByRole("button", { name: "Approve Order" }).click();
    await expectToast(director, "Please provide estimated delivery time.");
    await director.getByLabel("Estimated delivery *").selectOption("5");
    await director.getByLabel("Note to the client").fill("Dispatch with the Friday dewar");
    await director.getByLabel("Approval note (staff only)").fill("Paid by card at the counter");
    expect(await details.getByTestId("payment-status").textContent()).toBe("Unpaid");
    // Unpaid: the server refuses until a Director chooses credit explicitly.
    await director.getByRole("button", { name: "Approve Order" }).click();
    await director
      .getByTestId("toast")
      .getByText(/is not paid yet/)
      .first()
      .waitFor();
    await director.getByLabel(/Approve on credit/).check();
    await screenshot(director, "approval-desktop", { fullPage: false });
    await director.getByRole("button", { name: "Approve Order" }).click();
    await expectToast(director, "Order Approved");
    await director.waitForFunction(
      (n) =>
        ![...document.querySelectorAll('[data-testid="pending-order"]')].some((e) =>
          e.textContent?.includes(n),
        ),
      number,
    );

    await client.goto("/client-orders");
    await client.getByRole("button", { name: "Track Orders" }).click();
    const tracked = client.getByTestId("tracked-order").filter({ hasText: number });
    await tracked.waitFor();
    expect(await tracked.textContent()).toContain("approved");
    expect(await tracked.textContent()).toContain("2-3 days for processing");
    expect(await tracked.textContent()).toContain("Estimated delivery:");
    expect(await tracked.textContent()).toContain("Dispatch with the Friday dewar");
    // Staff's own note never reaches the client.
    expect(await tracked.textContent()).not.toContain("Paid by card at the counter");
    await screenshot(client, "client-tracking-desktop", { fullPage: false });
    await client.context().close();
    await director.context().close();
  });

  it("asks for a reason, then rejects and releases the stock; non-approvers cannot open it", async () => {
    const client = await newPage(browser);
    await signInAsClient(client);
    const before = (await (await client.request.get(`${baseUrl()}/api/shop/products`)).json()).find(
      (p: { name: string }) => p.name === "Boran Semen",
    );
    const number = await placeOrder(client.request, "Boran Semen", 5);

    const scientist = await newPage(browser, phone);
    await signInAsStaff(scientist, "scientist@urithi.co.ke");
    await scientist.goto("/order-approval");
    await scientist.getByTestId("pending-order").filter({ hasText: number }).click();
    await scientist.getByTestId("approval-details").getByText(number, { exact: true }).waitFor();
    await scientist.getByRole("button", { name: "Reject Order" }).click();
    await expectToast(scientist, "Please provide a reason for rejection.");
    await scientist.getByLabel("Reason, told to the client *").fill("   ");
    await scientist.getByRole("button", { name: "Reject Order" }).click();
    await expectToast(scientist, "Please provide a reason for rejection.");
    await scientist
      .getByLabel("Reason, told to the client *")
      .fill("Boran semen is held for the Laikipia ET programme this month");
    await screenshot(scientist, "approval-phone", { fullPage: false });
    await scientist.getByRole("button", { name: "Reject Order" }).click();
    await expectToast(scientist, "Order Rejected");

    const after = (await (await client.request.get(`${baseUrl()}/api/shop/products`)).json()).find(
      (p: { name: string }) => p.name === "Boran Semen",
    );
    expect(after.inStock).toBe(before.inStock);
    const orders = await (await client.request.get(`${baseUrl()}/api/client/orders`)).json();
    expect(orders.find((o: { orderNumber: string }) => o.orderNumber === number)).toMatchObject({
      status: "rejected",
      notes: "Boran semen is held for the Laikipia ET programme this month",
    });

    const sales = await newPage(browser);
    await signInAsStaff(sales, "sales@urithi.co.ke");
    await sales.goto("/order-approval");
    await sales.getByText("Access restricted").waitFor();
    await client.context().close();
    await scientist.context().close();
    await sales.context().close();
  });

  it("shows the failure toast when the server refuses", async () => {
    const director = await newPage(browser);
    await signInAsStaff(director, "director2@urithi.co.ke");
    await director.route("**/api/orders/*/approve", (r) => r.fulfill({ status: 500, body: "down" }));
    await director.goto("/order-approval");
    await director.getByTestId("pending-order").first().click();
    await director.getByLabel("Estimated delivery *").selectOption("3");
    await director.getByRole("button", { name: "Approve Order" }).click();
    await expectToast(director, "There was an error approving the order.");
    await director.context().close();
  });
});
