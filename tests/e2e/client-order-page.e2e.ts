import { describe, expect, it } from "vitest";
import {
  desktop,
  expectToast,
  newPage,
  screenshot,
  signInAsClient,
  signInAsClientInKiswahili,
  signInAsStaff,
} from "./support/browser";
import {
  createClientAccount,
  dayAsShown,
  nairobiDay,
  placeClientOrder,
  shipClientOrder,
  uniqueMobile,
} from "./support/fixtures";
import { browser } from "./support/session";

const narrow = { width: 360, height: 740 };
/**
 * Staff take the farmer's order the whole way: paid by bank, approved for 7 days, shipped on a quicker day,
 * delayed with a reason, then delivered.
 */
async function deliverWithDelay(order: { id: number; orderNumber: string }, reason: string) {
  const director = await newPage(browser);
  await signInAsStaff(director, "director1@urithi.co.ke");
  const shipment = await shipClientOrder(director, order);
  await shipment.status({ status: "delayed", expectedDelivery: nairobiDay(5), reason });
  await shipment.status({ status: "delivered", receivedBy: "Wanjiru Kamau" });
  await director.context().close();
  return shipment.trackingNumber;
}

describe("the farmer's order page", () => {
  it("shows lines, every delivery day, shipment, payments, invoice and history, in Kiswahili at 360 px", async () => {
    const setup = await newPage(browser);
    const account = await createClientAccount(setup, { phone: uniqueMobile(), language: "sw" });
    await setup.context().close();
    const page = await newPage(browser, narrow);
    await signInAsClientInKiswahili(page, account.email, account.password);
    const order = await placeClientOrder(page, "SEM-JE-106", "bank");
    const tracking = await deliverWithDelay(order, "Ndege ya Kisumu imeahirishwa");

    // From the one list of orders to the order's own page.
    await page.goto("/client-portal");
    const card = page.getByTestId("my-order").filter({ hasText: order.orderNumber });
    await card.getByText(/^Lilifika /).waitFor();
    await card.getByRole("link", { name: `Angalia agizo ${order.orderNumber}` }).click();
    await page.waitForURL(`**/client-orders/${order.id}`);
    await page.getByRole("heading", { level: 1, name: `Agizo ${order.orderNumber}` }).waitFor();

    const lines = page.getByTestId("order-lines");
    // The bull by name and registration, and the semen type, in Kiswahili.
    expect(await lines.textContent()).toMatch(/^Mbegu za Jersey: [^×]+ \(JE\d+\), [^×]+ × 1/);
    const dates = page.getByTestId("delivery-dates");
    const day = (days: number) => dayAsShown(nairobiDay(days), "sw-KE");
    await dates.getByText("Hukuomba tarehe").waitFor();
    for (const [label, value] of [
      ["Imethibitishwa", day(7)],
      ["Imehamishwa hadi", day(2)],
      ["Imehamishwa hadi", day(5)],
    ] as const) {
      expect(await dates.textContent()).toContain(`${label}${value}`);
    }
    await dates.getByText("Ndege ya Kisumu imeahirishwa").waitFor();
    await dates.getByText("Lilifika", { exact: true }).waitFor();
    const shipment = page.getByRole("region", { name: "Usafirishaji" });
    await shipment.getByRole("link", { name: tracking }).waitFor();
    await shipment.getByText("Lilipokelewa na Wanjiru Kamau").waitFor();
    await page.getByTestId("order-payments").getByText(`KCB-${order.id}`, { exact: false }).waitFor();
    await page.getByTestId("client-document").first().waitFor();
    const history = page.getByTestId("order-history");
    for (const step of ["Agizo liliwekwa", "Limeidhinishwa", "Liko njiani", "Limefika"]) {
      await history.getByText(step, { exact: true }).waitFor();
    }
    await history.getByText(`Tarehe mpya ya kufikishiwa: ${day(5)}`).waitFor();
    // Delivered: the farmer can buy the same again.
    await page.getByRole("button", { name: "Agiza tena" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(narrow.width);
    await screenshot(page, "client-order-sw-360");

    // The same page in English on a desktop.
    await page.setViewportSize(desktop);
    await page.evaluate(() => localStorage.setItem("urithi:language", "en"));
    await page.reload();
    await page.getByRole("heading", { level: 1, name: `Order ${order.orderNumber}` }).waitFor();
    await page.getByTestId("delivery-dates").getByText("No day asked").waitFor();
    await screenshot(page, "client-order-en-desktop");
    await page.context().close();
  });

  it("lets the farmer pay or cancel an order still to pay, and says a stranger's order is not theirs", async () => {
    const page = await newPage(browser, narrow);
    await signInAsClient(page);
    const order = await placeClientOrder(page, "SEM-JE-106", "mpesa");
    await page.goto(`/client-orders/${order.id}`);
    await page.getByRole("heading", { level: 1, name: `Order ${order.orderNumber}` }).waitFor();
    await page
      .getByTestId("delivery-line")
      .getByText("We give you a delivery day when we approve your order.")
      .waitFor();
    await page.getByTestId("hold-left").waitFor();
    await page.getByRole("button", { name: /^Pay KSh/ }).waitFor();
    await screenshot(page, "client-order-unpaid-en-360", { fullPage: false });
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("button", { name: "Yes, cancel it" }).click();
    await expectToast(page, "Order cancelled");
    await page.getByTestId("lapsed-order").getByRole("button", { name: "Order again" }).waitFor();

    // Someone else's order (or none) is simply not found.
    const other = await newPage(browser, narrow);
    const account = await createClientAccount(other, { phone: uniqueMobile() });
    await signInAsClient(other, account.email, account.password);
    await other.goto(`/client-orders/${order.id}`);
    await other.getByText("We could not find this order").waitFor();
    await other.context().close();
    await page.context().close();
  });
});
