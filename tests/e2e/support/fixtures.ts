import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import type { Customer, CustomerInput } from "../../../src/contract/customers";
import type { Order, OrderInput } from "../../../src/contract/orders";

/**
 * Data a test makes for itself through the API, as the signed-in user of `page`, so that every test runs
 * alone and in any order. Names carry a random tag so two runs never meet.
 */
export const uniqueTag = () => randomBytes(3).toString("hex");

async function post<T>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, { data });
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
