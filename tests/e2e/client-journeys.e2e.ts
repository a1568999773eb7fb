import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  desktop,
  expectToast,
  newPage,
  phone,
  screenshot,
  signInAsClient,
  signInAsStaff,
} from "./support/browser";
import { createClientAccount, createStrawItem, dayAsShown, nairobiDay, scanPicks } from "./support/fixtures";
import { browser } from "./support/session";

/** Journeys a farmer on a phone got stuck in (issue 10, part 4), each with an account of its own. */

async function newClient(viewport = phone): Promise<{ page: Page; email: string; password: string }> {
  const page = await newPage(browser, viewport);
  const account = await createClientAccount(page);
  await signInAsClient(page, account.email, account.password);
  return { page, ...account };
}

/** Staff stock a straw item with `stock` units; the client's shop shows it once searched for. */
async function strawWithStock(stock: number) {
  const staff = await newPage(browser);
  await signInAsStaff(staff, "director1@urithi.co.ke");
  const item = await createStrawItem(staff, stock);
  await staff.context().close();
  return item;
}

/** Searches the shop for one item and adds it once the search has narrowed the list to it. */
async function addFromShop(page: Page, itemId: string) {
  await page.getByLabel("Search products").fill(itemId);
  const cards = page.getByTestId("product-card");
  await expect.poll(() => cards.count()).toBe(1);
  const add = cards.getByRole("button", { name: "Add to Cart" });
  await add.click();
  return add;
}

describe("signing in again", () => {
  it("after logging out in the same tab lands in the shop; the next person's cart is empty, and the farmer gets theirs back", async () => {
    const { page, email, password } = await newClient(desktop);
    const next = await createClientAccount(page);
    await page.getByTestId("product-card").first().getByRole("button", { name: "Add to Cart" }).click();
    await page.getByTestId("cart-count").waitFor();
    const logOut = async () => {
      await page.getByRole("link", { name: "Logout" }).click();
      await page.getByText("Session Ended").waitFor();
      expect(await page.evaluate(() => localStorage.getItem("urithi:cart"))).toBeNull();
    };
    /** Signs in without reloading the page, as the next person on a shared phone would. */
    const signIn = async (who: { email: string; password: string }) => {
      await page.getByRole("link", { name: "Return to Homepage" }).click();
      await page.waitForURL("**/landing");
      await page.getByRole("link", { name: "Client Login" }).first().click();
      await page.waitForURL("**/client-login");
      await page.getByLabel("Email").fill(who.email);
      await page.getByLabel("Password").fill(who.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectToast(page, "Login Successful");
      await page.waitForURL("**/shop");
      await page.getByTestId("product-card").first().waitFor();
      expect(new URL(page.url()).pathname).toBe("/shop");
    };
    await logOut();
    await signIn(next);
    expect(await page.getByTestId("cart-count").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Cart (0 items)" }).count()).toBe(1);
    await logOut();
    // The farmer signs in again: the line they left is back in their cart.
    await signIn({ email, password });
    await page.getByRole("link", { name: "Cart (1 item)" }).waitFor();
    await page.context().close();
  });
});

describe("the cart's quantities", () => {
  it("keeps a line while its quantity is retyped, removes it at 0 with a toast, and says when stock caps it", async () => {
    const item = await strawWithStock(4);
    const { page } = await newClient();
    await addFromShop(page, item.itemId);
    await page.getByRole("link", { name: "Cart (1 item)" }).click();
    await page.waitForURL("**/cart");
    const qty = page.getByLabel(/^Quantity of/);
    await qty.click();
    await qty.press("End");
    await qty.press("Backspace");
    expect(await page.getByTestId("cart-item").count()).toBe(1);
    expect(await qty.inputValue()).toBe("");
    await qty.pressSequentially("3");
    expect(await qty.inputValue()).toBe("3");
    await qty.fill("9");
    await page.getByRole("status").filter({ hasText: "Only 4 available, so the quantity is 4." }).waitFor();
    expect(await qty.inputValue()).toBe("4");
    await screenshot(page, "cart-capped-phone", { fullPage: false });
    // Leaving an emptied box puts the quantity back.
    await qty.fill("");
    await qty.press("Tab");
    expect(await qty.inputValue()).toBe("4");
    await qty.fill("0");
    await qty.press("Enter");
    // 0 asks first; keeping it leaves the line as it was.
    await page.getByRole("button", { name: "Keep" }).click();
    expect(await page.getByTestId("cart-item").count()).toBe(1);
    await qty.fill("0");
    await qty.press("Enter");
    await page.getByText(/^Remove .* from the cart\?$/).waitFor();
    await page.getByRole("button", { name: "Remove", exact: true }).click();
    await expectToast(page, "Removed from Cart");
    await page.getByText("Your cart is empty").waitFor();
    await page.context().close();
  });

  it("says so when adding more than the stock, instead of 'added successfully'", async () => {
    const item = await strawWithStock(2);
    const { page } = await newClient();
    const add = await addFromShop(page, item.itemId);
    await expectToast(page, `Trial ${item.itemId.slice(6)} Semen added successfully`);
    await add.click();
    await page.getByRole("link", { name: "Cart (2 items)" }).waitFor();
    await add.click();
    await expectToast(page, "No more in stock");
    await expectToast(page, `Your cart already holds all 2 of Trial ${item.itemId.slice(6)} Semen.`);
    expect(await page.getByRole("link", { name: "Cart (2 items)" }).count()).toBe(1);
    await page.getByRole("link", { name: "Cart (2 items)" }).click();
    await page.getByRole("button", { name: /^Remove / }).click();
    await expectToast(page, "Removed from Cart");
    await page.context().close();
  });
});

describe("the order success page", () => {
  it("shows only the signed-in client's own real order, with a way to track it", async () => {
    const signedOut = await newPage(browser, phone);
    await signedOut.goto("/order-success?order=ORD-FAKE&id=1");
    await signedOut.waitForURL("**/client-login");
    await signedOut.context().close();

    const item = await strawWithStock(3);
    const { page } = await newClient();
    await page.goto("/order-success?order=HACKED-REF&id=1");
    await page.getByText("We could not find this order").waitFor();
    expect(await page.getByText("HACKED-REF").count()).toBe(0);
    expect(await page.getByText("Order Placed Successfully!").count()).toBe(0);

    await page.goto("/shop");
    await addFromShop(page, item.itemId);
    await page.goto("/cart");
    // The address from signup starts the delivery address.
    await expect.poll(() => page.getByLabel("Delivery address *").inputValue()).toBe("Kapsabet, Eldoret");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/order-success\?id=\d+$/);
    const number = await page.getByTestId("order-number").textContent();
    expect(number).toMatch(/^ORD-\d{4}-\d{6}$/);
    expect(await page.locator('a[href^="tel:+254"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href^="mailto:"]').count()).toBeGreaterThan(0);
    await screenshot(page, "order-success-phone", { fullPage: false });
    // "Track this order" opens the order's own page.
    await page.getByRole("link", { name: "Track this order" }).click();
    await page.waitForURL(/\/client-orders\/\d+$/);
    await page.getByRole("heading", { level: 1, name: `Order ${number}` }).waitFor();
    await page.getByTestId("client-order").getByText("pending", { exact: true }).waitFor();
    await page.context().close();
  });
});

describe("signup and the order form", () => {
  it("wants a Kenyan mobile number and starts the portal's order form with the signup details", async () => {
    const page = await newPage(browser, phone);
    await page.goto("/client-signup");
    await page.getByLabel("Phone *").fill("12345");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Enter a Kenyan mobile number like 0712 345 678").waitFor();
    await page.context().close();

    const item = await strawWithStock(3);
    const client = await newClient();
    await client.page.goto("/client-orders");
    await client.page.getByText(item.itemId).waitFor();
    const card = client.page.getByTestId("portal-product").filter({ hasText: item.itemId });
    await card.getByRole("button", { name: "Add to Cart" }).click();
    // On a phone the order waits in the bar at the bottom.
    await client.page
      .getByTestId("portal-order-bar")
      .getByRole("button", { name: /^1 item/ })
      .click();
    await client.page.getByRole("button", { name: "Proceed to Order Details" }).click();
    await expect.poll(() => client.page.getByLabel(/Phone Number/).inputValue()).toBe("+254722123456");
    await expect.poll(() => client.page.getByLabel(/Farm Location/).inputValue()).toBe("Kapsabet, Eldoret");
    await client.page.context().close();
  });
});

describe("one word for one thing", () => {
  it("calls straws Semen in the catalogue, so searching 'semen' finds them", async () => {
    const { page } = await newClient();
    await page.goto("/client-portal");
    await page.getByRole("tab", { name: "Product Catalog" }).click();
    await page.getByLabel("Search catalog").fill("semen");
    await page.getByText("Semen", { exact: true }).first().waitFor();
    expect(await page.getByText("Sperm", { exact: true }).count()).toBe(0);
    await page.context().close();
  });
});

describe("the home page's Client Access", () => {
  it("fills the shared cart, and Place Order goes through sign-in to the checkout with the chosen payment", async () => {
    const page = await newPage(browser, phone);
    const account = await createClientAccount(page);
    await page.goto("/home");
    const access = page.getByTestId("client-access");
    await access.getByText("Your cart is empty", { exact: false }).waitFor();
    const first = access.getByTestId("home-product").first();
    const name = (await first.locator("p").first().textContent()) ?? "";
    await first.getByRole("button", { name: "Add to Cart" }).click();
    await first.getByRole("button", { name: "Add to Cart" }).click();
    await access.getByText(name, { exact: true }).last().waitFor();
    await access.getByText("Total").waitFor();
    await access.getByLabel("Payment Method").selectOption("bank");
    await screenshot(page, "home-client-access-phone");
    await access.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/client-login\?next=/);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/cart?pay=bank");
    const line = page.getByTestId("cart-item");
    await line.first().waitFor();
    expect(await line.count()).toBe(1);
    expect(await line.getByRole("spinbutton").inputValue()).toBe("2");
    expect(await page.getByRole("radio", { name: /Bank Transfer/ }).isChecked()).toBe(true);
    await page.context().close();
  });
});

describe("one delivery date", () => {
  it("shows the client's date and instructions to the approver and the shipper, and the client one estimate", async () => {
    const item = await strawWithStock(2);
    const { page } = await newClient();
    await addFromShop(page, item.itemId);
    await page.goto("/cart");
    // Days as Nairobi counts them: the machine's clock may be on UTC's day, three hours behind.
    const asked = nairobiDay(10);
    await page.getByLabel("Preferred delivery date").fill(asked);
    await page.getByLabel("Special instructions").fill("Call Peter at the gate");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(/\/order-success\?id=\d+$/);
    const number = (await page.getByTestId("order-number").textContent()) ?? "";
    // Not the general "2-5 business days" when the client named a day.
    await page
      .getByText(
        `You asked for delivery on ${dayAsShown(asked)}. We confirm the date when we approve your order.`,
      )
      .waitFor();

    const director = await newPage(browser, phone);
    await signInAsStaff(director, "director1@urithi.co.ke");
    await director.goto("/order-approval");
    await director.getByTestId("pending-order").filter({ hasText: number }).click();
    const details = director.getByTestId("approval-details");
    await details.getByText(number, { exact: true }).waitFor();
    expect(await details.getByTestId("requested-delivery").textContent()).toBe(dayAsShown(asked));
    expect(await details.getByTestId("special-instructions").textContent()).toBe("Call Peter at the gate");
    await director.getByLabel("Estimated delivery *").selectOption("7");
    const promised = dayAsShown(nairobiDay(7));
    const hint = await director.locator("#approve-estimatedDays-hint").textContent();
    expect(hint).toBe(`The client asked for ${dayAsShown(asked)}. The client will be told ${promised}.`);
    await screenshot(director, "approval-dates-phone");
    await director.getByLabel(/Approve on credit/).check();
    await director.getByRole("button", { name: "Approve Order" }).click();
    await expectToast(director, "Order Approved");
    await director.context().close();

    const shipper = await newPage(browser);
    await signInAsStaff(shipper, "logistics@urithi.co.ke");
    await shipper.goto("/shipping");
    await shipper.getByRole("button", { name: "Create Shipment" }).click();
    const dialog = shipper.getByRole("dialog");
    await dialog.getByLabel("Order *").selectOption(number);
    await expect
      .poll(() => dialog.getByLabel("Special instructions").inputValue())
      .toBe("Call Peter at the gate");
    expect(await dialog.getByTestId("ship-due").textContent()).toBe(
      `Expected delivery: ${promised} (the date the client was given)`,
    );
    await scanPicks(dialog, { ifAny: true });
    await dialog.getByRole("button", { name: "Create Shipment" }).click();
    await expectToast(shipper, "Shipment created successfully");
    const row = shipper.getByTestId("shipment-row").filter({ hasText: number });
    await row.waitFor();
    expect(await row.textContent()).toContain(promised);
    await shipper.context().close();

    await page.goto(`/client-orders?view=tracking&order=${number}`);
    const tracked = page.locator('[data-testid="tracked-order"][aria-current="true"]');
    await tracked.getByText(`Estimated delivery: ${promised}`).waitFor();
    await page.goto("/client-portal");
    const mine = page.getByTestId("my-order").filter({ hasText: number });
    expect(await mine.textContent()).toContain(promised);
    expect(await mine.textContent()).not.toContain(dayAsShown(asked));
    await page.context().close();
  });
});
