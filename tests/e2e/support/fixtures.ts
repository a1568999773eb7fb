import { randomBytes } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { Customer, CustomerInput } from "../../../src/contract/customers";
import type { Order, OrderInput } from "../../../src/contract/orders";
import type { Tank, TankInput } from "../../../src/contract/tanks";

/**
 * Data a test makes for itself through the API, as the signed-in user of `page`, so that every test runs
 * alone and in any order. Names carry a random tag so two runs never meet.
 */
export const uniqueTag = () => randomBytes(3).toString("hex");

/** A Kenyan mobile number of the test's own (07 and eight random digits), as a farmer types it. */
export const uniqueMobile = () => `07${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`;

/** A POST as the person signed in on `page`, failing the test on anything but success. */
export async function post<T>(
  page: Page,
  url: string,
  data: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const res = await page.request.post(url, { data, headers });
  if (!res.ok()) throw new Error(`POST ${url} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

export function createCustomer(page: Page, changes: Partial<CustomerInput> = {}): Promise<Customer> {
  const tag = uniqueTag();
  return post<Customer>(page, "/api/customers", {
    name: `Test Farm ${tag}`,
    type: "farm",
    email: `farm-${tag}@example.co.ke`,
    phone: "+254 700 000 000",
    address: "Nakuru",
    contactPerson: `Tester ${tag}`,
    ...changes,
  });
}

/** A staff order for a new customer of its own (or the one named). */
export async function createOrder(page: Page, changes: Partial<OrderInput> = {}): Promise<Order> {
  const customerName = changes.customerName ?? (await createCustomer(page)).name;
  return post<Order>(page, "/api/orders", {
    orderType: "sperm",
    totalAmountKes: 45_000,
    currency: "KES",
    ...changes,
    customerName,
  });
}

/** A client account of its own, created through signup; sign in with the returned email and password. */
export async function createClientAccount(
  page: Page,
  { phone = "0722 123 456", language = "en" } = {},
): Promise<{ email: string; password: string }> {
  const tag = uniqueTag();
  const account = { email: `farmer-${tag}@example.co.ke`, password: `Mbegu-${tag}-2026` };
  // Each fixture's farmer signs up from an address of their own, as farmers do: the whole suite shares
  // 127.0.0.1, and the server allows one address 30 sign-ups in 15 minutes (the shared server trusts the
  // loopback proxy, global-setup.ts).
  const address = `10.${[0, 2, 4].map((i) => Number.parseInt(tag.slice(i, i + 2), 16)).join(".")}`;
  await post(
    page,
    "/api/client-signup",
    {
      firstName: "Achieng",
      lastName: `Tester ${tag}`,
      ...account,
      confirmPassword: account.password,
      phone,
      language,
      farmName: `Shamba ${tag}`,
      farmType: "dairy",
      location: "Kapsabet",
      county: "Eldoret",
      herdSize: "11-50",
      experience: "beginner",
    },
    { "x-forwarded-for": address },
  );
  return account;
}

/** A cow in the signed-in farmer's herd, added through the API. */
export function createCow(page: Page, tag: string, name: string): Promise<{ id: number; tag: string }> {
  return post(page, "/api/client/cows", { tag, name, breed: "Friesian" });
}

/** A sellable straw item with exactly `stock` units, made by staff signed in on `page`. */
export function createStrawItem(page: Page, stock: number): Promise<{ id: number; itemId: string }> {
  const tag = uniqueTag().toUpperCase();
  return post(page, "/api/inventory", {
    itemId: `SEM-T-${tag}`,
    type: "sperm",
    // A breed of its own, so lists that other tests count by breed (Sahiwal, Jersey…) stay as seeded.
    breedName: `Trial ${tag}`,
    acquiredFrom: "KAGRC",
    currentStock: stock,
    costPerUnit: 2500,
    storageLocation: "Canister 1",
    geneticData: { category: "dairy", origin: "Kenya" },
  });
}

/** An LN2 tank of the test's own (50 cm deep when full), so its readings and alerts meet no other test's. */
export function createTank(page: Page, changes: Partial<TankInput> = {}): Promise<Tank> {
  return post<Tank>(page, "/api/storage/units", {
    name: `Tank-${uniqueTag()}`,
    unitType: "liquid_nitrogen",
    location: "Test bay, Nakuru",
    temperature: -196,
    capacityLitres: 35,
    fullLevelCm: 50,
    ...changes,
  });
}

/**
 * Confirms every pick of an order in the shipment dialog, as a picker would: each cane label read from
 * the pick list on screen and typed (or scanned) into the scan box, then Enter.
 */
export async function scanPicks(dialog: Locator, { ifAny = false } = {}): Promise<void> {
  const panel = dialog.getByRole("region", { name: "Pick list" });
  if (ifAny) {
    // Stock never placed in the store has no picks: once the list has loaded, there may be nothing to scan.
    await dialog.getByText("Loading the pick list…").waitFor({ state: "detached" });
    if ((await panel.getByTestId("pick-line").count()) === 0) return;
  }
  await panel.getByTestId("pick-line").first().waitFor();
  const box = panel.getByLabel("Scan or type a label");
  const lines = panel.getByTestId("pick-line");
  for (let i = 0; i < (await lines.count()); i++) {
    const line = lines.nth(i);
    if (await line.getByText("Picked").count()) continue;
    await box.fill((await line.locator(".font-mono").first().textContent())!);
    await box.press("Enter");
    await line.getByText("Picked").waitFor();
  }
  await panel.getByText("Every pick is confirmed").waitFor();
}

/** A shop product's id (what an order line names) by its item code, e.g. "SEM-JE-106". */
export async function inventoryItemId(page: Page, itemId: string): Promise<number> {
  const products = (await (await page.request.get("/api/shop/products")).json()) as {
    id: number;
    itemId: string;
  }[];
  return products.find((p) => p.itemId === itemId)!.id;
}

/** An order the signed-in client on `page` places through the API: one of the item, paid by `method`. */
export async function placeClientOrder(
  page: Page,
  itemId: string,
  paymentMethod: "mpesa" | "bank",
): Promise<{ id: number; orderNumber: string }> {
  return post(page, "/api/client/orders", {
    items: [{ productId: await inventoryItemId(page, itemId), quantity: 1 }],
    deliveryAddress: "Kapsabet",
    paymentMethod,
  });
}

/** The newest message of `kind` to `recipient`, read by a Director from the outbox (demo mode shows it whole). */
export async function newestMessage(director: Page, recipient: string, kind: string): Promise<string> {
  let body = "";
  await expect
    .poll(async () => {
      const res = await director.request.get(`/api/messages?search=${encodeURIComponent(recipient)}`);
      const found = (await res.json()) as { kind: string; body: string }[];
      body = found.find((m) => m.kind === kind)?.body ?? "";
      return body;
    })
    .not.toBe("");
  return body;
}

/** A button on a prompt of the M-Pesa simulator's phone page. */
export type PromptAnswer = "Accept (enter PIN)" | "Accept, lose the callback" | "Cancel";

/**
 * Answers, on the M-Pesa simulator's phone page, the newest prompt for the order numbered `orderNumber`, and
 * waits until the page the simulator redirects back to has loaded: the URL is the same before and after, so
 * only the load tells the form's navigation is over (a `goto` while it runs is interrupted by it). Resolves
 * with when the button was pressed (ms since the epoch).
 */
export async function answerPrompt(
  handset: Page,
  orderNumber: string,
  answer: PromptAnswer = "Accept (enter PIN)",
): Promise<number> {
  await handset.goto("/mpesa-simulator");
  const button = handset
    .locator("li.prompt")
    .filter({ hasText: orderNumber.replace(/^ORD-/, "") })
    .last()
    .getByRole("button", { name: answer, exact: true });
  await button.waitFor();
  const pressedAt = Date.now();
  await Promise.all([handset.waitForEvent("load"), button.click()]);
  return pressedAt;
}

/** A Nairobi day (YYYY-MM-DD) `days` from today. */
export const nairobiDay = (days = 0) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A day (YYYY-MM-DD) as the screens write it: "9 Dec 2026", or "9 Des 2026" in Kiswahili. */
export const dayAsShown = (day: string, locale = "en-KE") =>
  new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));

async function patch<T>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.patch(url, { data });
  if (!res.ok()) throw new Error(`PATCH ${url} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A Director (signed in on `director`) takes a client's order on its way: paid by bank, approved for 7 days,
 * its picks scanned, and shipped (due `dueInDays`) and in transit. Answers the shipment, for what follows.
 */
export async function shipClientOrder(
  director: Page,
  order: { id: number; orderNumber: string },
  dueInDays = 2,
): Promise<{ id: number; trackingNumber: string; status: (body: object) => Promise<unknown> }> {
  const detail = (await (await director.request.get(`/api/orders/${order.id}`)).json()) as {
    totalAmountKes: number;
  };
  await post(director, `/api/orders/${order.id}/payments`, {
    method: "bank",
    amountKes: detail.totalAmountKes,
    reference: `KCB-${order.id}`,
    date: nairobiDay(),
  });
  await post(director, `/api/orders/${order.id}/approve`, { estimatedDays: 7 });
  const list = (await (await director.request.get(`/api/orders/${order.id}/pick-list`)).json()) as {
    lines: { label: string }[];
  };
  for (const line of list.lines)
    await post(director, `/api/orders/${order.id}/pick-list/scan`, { code: line.label });
  const shipment = await post<{ id: number; trackingNumber: string }>(director, "/api/shipments", {
    orderNumber: order.orderNumber,
    origin: "Nakuru, Kenya",
    carrier: "DHL Express",
    temperature: "-196°C (Liquid Nitrogen)",
    trackingNumber: `TRK-${Date.now()}`,
    expectedDelivery: `${nairobiDay(dueInDays)}T12:00:00+03:00`,
  });
  const status = (body: object) => patch(director, `/api/shipments/${shipment.id}/status`, body);
  await status({ status: "in_transit" });
  return { ...shipment, status };
}
