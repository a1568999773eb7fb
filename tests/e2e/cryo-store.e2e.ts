import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TankMap } from "../../src/contract/cryo-store";
import { desktop, expectToast, newPage, phone, screenshot, signInAsStaff } from "./support/browser";
import { createTank, scanPicks, uniqueTag } from "./support/fixtures";
import { browser } from "./support/session";

async function openTankMap(page: Page) {
  await page.goto("/storage");
  await page.getByRole("tab", { name: "Tank map" }).click();
}

/** A tank of its own with one canister of `canes` canes of 10 straws, through the API. */
async function tankWithCanister(page: Page, canes: number): Promise<TankMap> {
  const tank = await createTank(page);
  const res = await page.request.post("/api/storage/canisters", {
    data: { storageUnitId: tank.id, caneKind: "cane", canes, strawsPerCane: 10 },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as TankMap;
}

describe("a tank's label sheet", () => {
  it("prints every label, over as many A4 pages as it needs", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "lab@urithi.co.ke");
    // Three canisters of 20 canes: 61 labels with the tank's own, far more than one page holds.
    const tank = await tankWithCanister(page, 20);
    for (let i = 0; i < 2; i++) {
      const more = await page.request.post("/api/storage/canisters", {
        data: { storageUnitId: tank.id, caneKind: "cane", canes: 20, strawsPerCane: 10 },
      });
      expect(more.status()).toBe(201);
    }
    await openTankMap(page);
    await page.getByTestId(`map-${tank.name}`).getByRole("button", { name: "Labels" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByTestId("qr-label").count()).toBe(61);
    await page.emulateMedia({ media: "print" });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "urithi-labels-")), "labels.pdf");
    writeFileSync(file, await page.pdf({ format: "A4" }));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    const canes = new Set(text.match(new RegExp(`T${tank.id}-C\\d+-\\d+`, "g")));
    expect(canes.size).toBe(60);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
    expect(pages).toBeGreaterThan(1);
    await page.context().close();
  });
});

describe("the cryo store", () => {
  it("adds a canister, receives straws into a position, finds them, places the rest and moves some", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "lab@urithi.co.ke");
    const tank = await createTank(page);
    await openTankMap(page);
    const card = page.getByTestId(`map-${tank.name}`);
    await card.getByText("No canisters yet.").waitFor();
    await card.getByRole("button", { name: "Canister" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Canes or goblets").fill("4");
    await dialog.getByLabel("Straws each").fill("10");
    await dialog.getByRole("button", { name: "Add canister" }).click();
    await expectToast(page, "Canister added");
    const canister = card.getByTestId(`canister-T${tank.id}-C1`);
    await canister.getByText("0/40").waitFor();

    // Receiving: 8 straws, 6 of them onto the first cane.
    const itemId = `SEM-RX-${uniqueTag().toUpperCase()}`;
    await page.goto("/inventory");
    await page.getByRole("button", { name: "Add Item" }).click();
    await dialog.getByLabel("Item ID *").fill(itemId);
    await dialog.getByLabel("Type *").selectOption("sperm");
    await dialog.getByLabel("Breed *").fill("Ankole");
    await dialog.getByLabel("Supplier *").fill("KAGRC Kenya");
    await dialog.getByLabel("Stock (units) *").fill("8");
    await dialog.getByLabel("Price per unit (KES) *").fill("2800");
    await dialog.getByLabel("Category *").selectOption("beef");
    await dialog.getByLabel("Origin *").selectOption("Kenya");
    await dialog.getByLabel("Storage location *").fill(`${tank.name}, canister 1`);
    await dialog
      .getByLabel("Place at (cane or goblet)")
      .selectOption({ label: `T${tank.id}-C1-1, ${tank.name}: 10 free` });
    await dialog.getByLabel("Straws placed there").fill("6");
    await dialog.getByRole("button", { name: "Add Item" }).click();
    await expectToast(page, "Item Added");

    // "Where is": the position, and the two straws still to place.
    await openTankMap(page);
    await page.getByLabel("Where is").fill(`where is ${itemId}`);
    await page.getByRole("button", { name: "Find" }).click();
    const found = page.getByTestId("whereabouts").filter({ hasText: itemId });
    await found.getByText(`T${tank.id}-C1-1`).waitFor();
    await found.getByText("2 not yet placed").waitFor();
    await found.getByRole("button", { name: "Place" }).click();
    // A run is suggested: the item's own cane has room for the two. Typed over, they go to the next cane.
    await expect
      .poll(() => dialog.getByLabel("Cane 1", { exact: true }).inputValue())
      .toBe(`T${tank.id}-C1-1`);
    expect(await dialog.getByLabel("Straws on cane 1").inputValue()).toBe("2");
    await dialog.getByLabel("Cane 1", { exact: true }).fill(`t${tank.id}-c1-2`);
    await dialog.getByLabel("Batch").selectOption({ index: 1 });
    await screenshot(page, "place-dialog-desktop", { fullPage: false });
    await dialog.getByRole("button", { name: "Place 2 straws" }).click();
    await expectToast(page, "Straws placed");
    await found.getByText(`T${tank.id}-C1-2`).waitFor();
    await canister.getByText("8/40").waitFor();

    // A recorded move to the third cane.
    await canister.locator("summary").click();
    await canister.getByRole("button", { name: `Move ${itemId} from T${tank.id}-C1-1` }).click();
    await dialog.getByLabel("To").selectOption({ label: `T${tank.id}-C1-3, ${tank.name}: 10 free` });
    await dialog.getByLabel("Straws").fill("2");
    await dialog.getByLabel("Why (optional)").fill("Cane 1 label faded");
    await dialog.getByRole("button", { name: "Move straws" }).click();
    await expectToast(page, "Straws moved");
    await page
      .getByRole("region", { name: "Transfers" })
      .getByText(`T${tank.id}-C1-1 → T${tank.id}-C1-3`)
      .first()
      .waitFor();
    await screenshot(page, "store-map-desktop");
    // The same map on a phone: canisters stack, a cane's move button stays in reach.
    await page.setViewportSize(phone);
    await canister.scrollIntoViewIfNeeded();
    await screenshot(page, "store-map-phone", { fullPage: false });
    await page.setViewportSize(desktop);

    // QR labels for the tank and each cane.
    await card.getByRole("button", { name: "Labels" }).click();
    await dialog.getByText(`T${tank.id}-C1-4`).waitFor();
    await expect.poll(() => dialog.getByTestId("qr-label").count()).toBe(5);
    await screenshot(page, "store-labels-desktop", { fullPage: false });
    await page.context().close();
  });

  it("receives a batch onto the suggested canes, and asks before two items share a cane", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "lab@urithi.co.ke");
    const tank = await tankWithCanister(page, 3);
    const [first, second, third] = tank.canisters[0]!.canes;
    const item = async (stock: number, positions: { caneId: number; count: number }[]) => {
      const res = await page.request.post("/api/inventory", {
        data: {
          itemId: `SEM-RUN-${uniqueTag().toUpperCase()}`,
          type: "sperm",
          breedName: "Boran",
          acquiredFrom: "KAGRC Kenya",
          currentStock: stock,
          costPerUnit: 2600,
          storageLocation: tank.name,
          storageUnitId: tank.id,
          geneticData: { category: "beef", origin: "Kenya" },
          positions,
        },
      });
      expect(res.status()).toBe(201);
      return (await res.json()) as { id: number; itemId: string };
    };
    const boran = await item(4, [{ caneId: first!.id, count: 4 }]);

    // Twelve more arrive: its own cane's six free places, then the next empty cane.
    await page.goto(`/inventory?item=${boran.id}`);
    const dialog = page.getByRole("dialog");
    const form = dialog.getByRole("form", { name: "Receive a batch" });
    await form.getByLabel("Batch code").fill("RUN-E2E");
    await form.getByLabel("Units received").fill("12");
    await form
      .getByTestId("suggested-run")
      .getByText(`Goes to ${first!.label} (6), ${second!.label} (6)`)
      .waitFor();
    await screenshot(page, "receive-run-desktop", { fullPage: false });
    await form.getByRole("button", { name: "Receive batch" }).click();
    await page
      .getByTestId("toast")
      .getByText(/Placed on 2 positions/)
      .waitFor();
    const [where] = await (await page.request.get(`/api/storage/locate?q=${boran.itemId}`)).json();
    expect(where.unplaced).toBe(0);
    expect(where.positions.map((p: { label: string; count: number }) => [p.label, p.count])).toEqual([
      [first!.label, 4],
      [first!.label, 6],
      [second!.label, 6],
    ]);

    // Another bull typed onto the Boran's cane: the store asks first, then keeps both there.
    const other = await item(3, []);
    await openTankMap(page);
    await page.getByLabel("Where is").fill(other.itemId);
    await page.getByRole("button", { name: "Find" }).click();
    await page
      .getByTestId("whereabouts")
      .filter({ hasText: other.itemId })
      .getByRole("button", { name: "Place" })
      .click();
    await expect.poll(() => dialog.getByLabel("Cane 1", { exact: true }).inputValue()).toBe(third!.label);
    await dialog.getByLabel("Cane 1", { exact: true }).fill(second!.label);
    await dialog.getByLabel("Straws on cane 1").fill("3");
    await dialog.getByRole("button", { name: "Place 3 straws" }).click();
    await dialog.getByRole("alert").getByText(`already holds ${boran.itemId}`).waitFor();
    await screenshot(page, "place-mixing-desktop", { fullPage: false });
    // A lab technician at the tank holds a phone: the rows of canes still fit.
    await page.setViewportSize(phone);
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await screenshot(page, "place-mixing-phone", { fullPage: false });
    await page.setViewportSize(desktop);
    await dialog.getByRole("button", { name: "Place anyway" }).click();
    await expectToast(page, "Straws placed");
    const [placed] = await (await page.request.get(`/api/storage/locate?q=${other.itemId}`)).json();
    expect(placed.positions.map((p: { label: string }) => p.label)).toEqual([second!.label]);
    await page.context().close();
  });

  it("counts a canister as the store does, and writes off straws from a named cane", async () => {
    const page = await newPage(browser);
    await signInAsStaff(page, "lab@urithi.co.ke");
    const tank = await tankWithCanister(page, 3);
    const [first, second] = tank.canisters[0]!.canes;
    const res = await page.request.post("/api/inventory", {
      data: {
        itemId: `SEM-CNT-${uniqueTag().toUpperCase()}`,
        type: "sperm",
        // A breed of its own: the client screens' tests pick the catalogue's Sahiwal straws by name.
        breedName: `Count ${uniqueTag()}`,
        acquiredFrom: "KAGRC Kenya",
        currentStock: 20,
        costPerUnit: 2400,
        storageLocation: tank.name,
        storageUnitId: tank.id,
        geneticData: { category: "dairy", origin: "Kenya" },
        positions: [
          { caneId: first!.id, count: 10 },
          { caneId: second!.id, count: 10 },
        ],
      },
    });
    const item = (await res.json()) as { id: number; itemId: string };

    await openTankMap(page);
    const canister = page.getByTestId(`canister-T${tank.id}-C1`);
    await canister.locator("summary").click();
    await canister.getByRole("button", { name: `Count T${tank.id}-C1` }).click();
    const dialog = page.getByRole("dialog");
    const found = dialog.getByLabel(`${item.itemId} found`);
    expect(await found.inputValue()).toBe("20");
    await found.fill("19");
    await dialog.getByText("20 on the map · -1").waitFor();
    await screenshot(page, "canister-count-desktop", { fullPage: false });
    await page.setViewportSize(phone);
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await screenshot(page, "canister-count-phone", { fullPage: false });
    await page.setViewportSize(desktop);
    await dialog.getByRole("button", { name: "Save count" }).click();
    await page.getByTestId("toast").getByText("1 item counted.").waitFor();
    await canister.getByText("19/30").waitFor();

    // A damaged cane: its straws are the ones written off, and the history names it.
    await page.goto(`/inventory?item=${item.id}`);
    await dialog.getByRole("tab", { name: "Write off" }).click();
    const form = dialog.getByRole("form", { name: "Write stock off" });
    await form.getByLabel("Units").fill("2");
    const countOn = async () =>
      new Map<string, number>(
        (
          (await (await page.request.get(`/api/storage/locate?q=${item.itemId}`)).json())[0].positions as {
            label: string;
            count: number;
          }[]
        ).map((p) => [p.label, p.count]),
      );
    const before = await countOn();
    expect([...before.values()].reduce((a, b) => a + b, 0)).toBe(19);
    await form.getByLabel("From cane or goblet").selectOption(String(second!.id));
    await form.getByRole("button", { name: /Write off/ }).click();
    await expectToast(page, "Stock written off");
    await dialog.getByTestId("stock-history").getByText(`Damaged (from ${second!.label})`).waitFor();
    const after = await countOn();
    expect(after.get(first!.label)).toBe(before.get(first!.label));
    expect(after.get(second!.label)).toBe(before.get(second!.label)! - 2);
    await page.context().close();
  });

  it("reserves, shows the pick list on approval and prints it, then dispatches by scanning on a phone", async () => {
    const lab = await newPage(browser);
    await signInAsStaff(lab, "lab@urithi.co.ke");
    const tank = await tankWithCanister(lab, 3);
    const [first, second] = tank.canisters[0]!.canes;
    const item = await (
      await lab.request.post("/api/inventory", {
        data: {
          itemId: `SEM-PK-${uniqueTag().toUpperCase()}`,
          type: "sperm",
          breedName: `Pick ${uniqueTag()}`,
          acquiredFrom: "KAGRC Kenya",
          currentStock: 12,
          costPerUnit: 2_000,
          storageLocation: "Canister 1",
          geneticData: { category: "dairy", origin: "Kenya" },
          positions: [
            { caneId: first!.id, count: 4 },
            { caneId: second!.id, count: 8 },
          ],
        },
      })
    ).json();

    const sales = await newPage(browser);
    await signInAsStaff(sales, "sales@urithi.co.ke");
    const reserved = await sales.request.post(`/api/inventory/${item.id}/reserve`, {
      data: { customerName: "Kiambu Dairy Farm", quantity: 6 },
    });
    expect(reserved.status()).toBe(201);
    const order = (await reserved.json()).order as { id: number; orderNumber: string };

    // The approver sees where the straws will come from, and can print the sheet.
    const director = await newPage(browser);
    await signInAsStaff(director, "director1@urithi.co.ke");
    await director.goto("/order-approval");
    await director.getByTestId("pending-order").filter({ hasText: order.orderNumber }).click();
    const sheet = director.getByTestId("approval-details").getByRole("region", { name: "Pick list" });
    await sheet.getByText(`T${tank.id}-C1-1`).waitFor();
    expect(await sheet.getByTestId("pick-line").allTextContents()).toEqual([
      expect.stringContaining(`T${tank.id}-C1-1`),
      expect.stringContaining(`T${tank.id}-C1-2`),
    ]);
    await director.evaluate(() => {
      window.print = () => document.body.setAttribute("data-printed", "yes");
    });
    await sheet.getByRole("button", { name: "Print" }).click();
    expect(await director.locator("body").getAttribute("data-printed")).toBe("yes");
    await director.emulateMedia({ media: "print" });
    await screenshot(director, "pick-list-print", { fullPage: false });
    await director.emulateMedia({ media: "screen" });
    const approved = await director.request.post(`/api/orders/${order.id}/approve`, {
      data: { estimatedDays: 3, onCredit: true },
    });
    expect(approved.status()).toBe(200);

    // Logistics, on a phone: a wrong label is refused, then every pick is scanned and the order ships.
    const page = await newPage(browser, phone);
    await signInAsStaff(page, "logistics@urithi.co.ke");
    await page.goto("/shipping");
    await page.getByRole("button", { name: "Create Shipment" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Order *").selectOption(order.orderNumber);
    const box = dialog.getByLabel("Scan or type a label");
    await box.fill(`T${tank.id}-C1-3`);
    await box.press("Enter");
    await dialog
      .getByRole("alert")
      .getByText(/is not on the pick list/)
      .waitFor();
    await screenshot(page, "pick-scan-phone", { fullPage: false });
    // No shipment before the picks are scanned: the screen says why.
    await dialog.getByRole("button", { name: "Create Shipment" }).click();
    await page
      .getByTestId("toast")
      .getByText(/scan every cane on its pick list before creating the shipment/)
      .first()
      .waitFor();
    await scanPicks(dialog);
    await dialog.getByRole("button", { name: "Create Shipment" }).click();
    await expectToast(page, "Shipment created successfully");
    const row = page.getByTestId("shipment-row").filter({ hasText: order.orderNumber });
    await row.getByLabel(/^Status of/).selectOption("in_transit");
    await expectToast(page, "Shipment status updated");

    const where = await (await lab.request.get(`/api/storage/locate?q=${item.itemId}`)).json();
    expect(where[0].positions.map((p: { label: string; count: number }) => [p.label, p.count])).toEqual([
      [`T${tank.id}-C1-2`, 6],
    ]);
    for (const p of [lab, sales, director, page]) await p.context().close();
  });
});
