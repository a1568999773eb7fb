import { describe, expect, it } from "vitest";
import type { ShipmentSummary } from "../../src/contract/shipping";
import {
  baseUrl,
  expectServerFigures,
  expectToast,
  newPage,
  phone,
  screenshot,
  signInAsClient,
  signInAsStaff,
} from "./support/browser";
import { scanPicks } from "./support/fixtures";
import { browser } from "./support/session";

describe("shipping & logistics", () => {
  it("ships an approved order; status changes reach the order and the client portal", async () => {
    // The client orders, a director approves.
    const client = await newPage(browser);
    await signInAsClient(client);
    const products = await (await client.request.get(`${baseUrl()}/api/shop/products`)).json();
    const jersey = products.find((p: { name: string }) => p.name === "Jersey Semen");
    const placed = await (
      await client.request.post(`${baseUrl()}/api/client/orders`, {
        data: {
          items: [{ productId: jersey.id, quantity: 2 }],
          customerLocation: "Githunguri, Kiambu",
          paymentMethod: "mpesa",
        },
      })
    ).json();
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    expect(
      (
        await director.request.post(`${baseUrl()}/api/orders/${placed.id}/approve`, {
          data: { estimatedDays: 3, onCredit: true },
        })
      ).status(),
    ).toBe(200);

    const page = await newPage(browser);
    await signInAsStaff(page, "logistics@urithi.co.ke");
    await expectServerFigures(
      page,
      async () => {
        await page.goto("/shipping");
        await page.getByTestId("shipment-row").first().waitFor();
      },
      "/api/shipments/summary",
      (s: ShipmentSummary) => ({ "stat-Total Shipments": String(s.totalShipments) }),
    );
    await page.getByRole("button", { name: "Create Shipment" }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByLabel("Origin").inputValue()).toBe("Nakuru, Kenya");
    expect(await dialog.getByLabel("Carrier").inputValue()).toBe("DHL Express");
    expect(await dialog.getByLabel("Temperature").inputValue()).toBe("-196°C (Liquid Nitrogen)");
    await dialog.getByRole("button", { name: "Create Shipment" }).click();
    await expectToast(page, "Please fill in all required fields");
    await dialog.getByLabel("Order *").selectOption(placed.orderNumber);
    await page.waitForFunction(
      () => (document.getElementById("ship-destination") as HTMLInputElement)?.value !== "",
    );
    expect(await dialog.getByLabel("Customer *").inputValue()).toBe("John Mwangi");
    await scanPicks(dialog);
    await dialog.getByRole("button", { name: "Create Shipment" }).click();
    await expectToast(page, "Shipment created successfully");
    const row = page.getByTestId("shipment-row").filter({ hasText: placed.orderNumber });
    await row.getByText("Preparing", { exact: true }).first().waitFor();
    await screenshot(page, "shipping-desktop", { fullPage: false });

    await row.getByLabel(/^Status of/).selectOption("in_transit");
    await expectToast(page, "Shipment status updated");
    await row.getByText("In Transit", { exact: true }).first().waitFor();

    await client.goto("/client-orders");
    await client.getByRole("button", { name: "Track Orders" }).click();
    const tracked = client.getByTestId("tracked-order").filter({ hasText: placed.orderNumber });
    await tracked.waitFor();
    // Staff's "In Transit" is the client's "in transit", and the number opens the carrier's tracking page.
    expect(await tracked.textContent()).toContain("in transit");
    expect(await tracked.textContent()).toContain("On its way to you: the carrier has it.");
    expect(await tracked.textContent()).toMatch(/Tracking number: TRK-\d+/);
    const trackingLink = tracked.getByRole("link", { name: /^TRK-\d+$/ });
    expect(await trackingLink.getAttribute("href")).toMatch(
      /^https:\/\/www\.dhl\.com\/ke-en\/home\/tracking\/tracking-express\.html\?submit=1&tracking-id=TRK-\d+$/,
    );

    await row.getByLabel(/^Status of/).selectOption("delivered");
    // Delivered asks who took the order at the farm.
    const asked = page.getByRole("dialog");
    await asked.getByRole("button", { name: "Mark delivered" }).click();
    await asked.getByText("Enter who received the order").waitFor();
    await asked.getByLabel("Received by *").fill("Wanjiru Kamau, farm manager");
    await screenshot(page, "shipment-delivered-dialog", { fullPage: false });
    await asked.getByRole("button", { name: "Mark delivered" }).click();
    await expectToast(page, "Shipment status updated");
    // Delivered shipments leave the active list for the Delivered tab, where their status is final.
    await row.waitFor({ state: "detached" });
    await page.getByRole("tab", { name: "Delivered" }).click();
    await row.getByText("Delivered").waitFor();
    expect(await row.getByLabel(/^Status of/).count()).toBe(0);
    await page.getByRole("tab", { name: "Active" }).click();
    await page.getByRole("heading", { name: "Active Shipments" }).waitFor();
    await page.getByTestId("shipment-row").first().waitFor();
    expect(await row.count()).toBe(0);
    const order = await (await director.request.get(`${baseUrl()}/api/orders/${placed.id}`)).json();
    expect(order.status).toBe("delivered");
    expect(order.history.at(-1).note).toContain("received by Wanjiru Kamau, farm manager");
    await client.context().close();
    await director.context().close();
    await page.context().close();
  });
});

describe("breeding records", () => {
  it("adds a record with the defaults, shows expected calving and follows status changes", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "lab@urithi.co.ke");
    await page.goto("/breeding");
    await page.getByTestId("breeding-row").first().waitFor();
    await page.getByRole("button", { name: "Add Breeding Record" }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByLabel("Breed").inputValue()).toBe("Holstein");
    expect(await dialog.getByLabel("Service type").inputValue()).toBe("AI");
    expect(await dialog.getByLabel("Technician").inputValue()).toBe("Dr. Sarah Wanjiku");
    await dialog.getByRole("button", { name: "Add Record" }).click();
    await expectToast(page, "Please fill in all required fields");
    await dialog.getByLabel("Animal ID *").fill("MWF-042");
    await dialog.getByLabel("Animal name *").fill("Makena");
    // Served two days ago, so it is on the list's first page (newest service first) above the seeded history.
    const served = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const calving = await page.evaluate((iso) => {
      const d = new Date(`${iso}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 280);
      return new Intl.DateTimeFormat("en-KE", { day: "numeric", month: "short", year: "numeric" }).format(d);
    }, served);
    await dialog.getByLabel("Service date").fill(served);
    await dialog.getByLabel("From inventory (uses one unit)").selectOption({ index: 1 });
    expect(await dialog.getByLabel("Genetic material *").inputValue()).not.toBe("");
    // The batch the straw came from, among the item's batches.
    const batch = dialog.getByLabel("Batch");
    await batch.locator("option").nth(1).waitFor({ state: "attached" });
    await batch.selectOption({ index: 1 });
    await dialog.getByRole("button", { name: "Add Record" }).click();
    await expectToast(page, "Breeding record added successfully");
    const row = page.getByTestId("breeding-row").filter({ hasText: "MWF-042" });
    await row.waitFor();
    // Found by its animal: farmers' and technicians' services recorded today may head the list.
    const [saved] = await (
      await page.request.get(`${baseUrl()}/api/breeding-records?search=MWF-042&limit=5`)
    ).json();
    expect(saved).toMatchObject({ animalId: "MWF-042", batchId: expect.any(Number) });
    expect(await row.textContent()).toContain(calving);
    // Pregnant asks for the diagnosis day, and two days after the service is too soon to know.
    await row.getByLabel("Status of MWF-042").selectOption("pregnant");
    const outcome = page.getByRole("dialog");
    await outcome.getByLabel("Pregnancy diagnosis date").fill(new Date().toISOString().slice(0, 10));
    await outcome.getByRole("button", { name: "Save" }).click();
    await outcome
      .getByText("A pregnancy diagnosis needs at least 30 days after the service (this is 2)")
      .first()
      .waitFor();
    await screenshot(page, "breeding-outcome-refused", { fullPage: false });
    await outcome.getByRole("button", { name: "Cancel" }).click();
    await row.getByLabel("Status of MWF-042").selectOption("failed");
    await expectToast(page, "Record status updated");
    await row.getByText("failed", { exact: true }).first().waitFor();
    const summary = await (await page.request.get(`${baseUrl()}/api/breeding-records/summary`)).json();
    await page.waitForFunction(
      (v) => document.querySelector('[data-testid="stat-Success Rate"]')?.textContent === v,
      `${summary.successRate}%`,
    );
    await screenshot(page, "breeding-desktop", { fullPage: false });
    await page.context().close();
  });
});

describe("vendor management", () => {
  it("adds a vendor active with five stars, deactivates it and re-rates it", async () => {
    const page = await newPage(browser, phone);
    await signInAsStaff(page, "scientist@urithi.co.ke");
    await page.goto("/vendors");
    await page.getByTestId("vendor-row").first().waitFor();
    await page.getByRole("button", { name: "Add Vendor" }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByLabel("Type").inputValue()).toBe("genetics_supplier");
    await dialog.getByLabel("Name *").fill("Semex East Africa");
    await dialog.getByRole("button", { name: "Add Vendor" }).click();
    await expectToast(page, "Please fill in all required fields");
    await dialog.getByLabel("Email *").fill("ea@semex.com");
    await dialog.getByLabel("Contact person *").fill("Oliver Kariuki");
    await dialog.getByRole("button", { name: "Add Vendor" }).click();
    await expectToast(page, "Vendor added successfully");
    const row = page.getByTestId("vendor-row").filter({ hasText: "Semex East Africa" });
    await row.getByText("Active").waitFor();
    expect(await row.locator("svg.fill-yellow-400").count()).toBe(5);
    await row.getByRole("button", { name: "Deactivate" }).click();
    await expectToast(page, "Vendor status updated");
    await row.getByText("Inactive").waitFor();
    await row.getByRole("button", { name: "Rate Semex East Africa 3 of 5" }).click();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="vendor-row"]')]
          .find((r) => r.textContent?.includes("Semex East Africa"))
          ?.querySelectorAll("svg.fill-yellow-400").length === 3,
    );
    await screenshot(page, "vendors-phone", { fullPage: false });
    await page.context().close();
  });
});
