import { randomBytes } from "node:crypto";
import { signupPayload } from "../../../src/server/testing/signup";
import { type Caller, signIn } from "../http";

export interface ClientLogin {
  email: string;
  password: string;
}

async function ok(res: Response, what: string): Promise<unknown> {
  if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** Answers every M-Pesa prompt waiting on the simulator's "phone", as a farmer entering the PIN. */
async function acceptPrompts(baseUrl: string): Promise<number> {
  const page = await (await fetch(`${baseUrl}/mpesa-simulator`)).text();
  const ids = [...page.matchAll(/\/mpesa-simulator\/(\d+)\/accept"/g)].map((m) => m[1]);
  for (const id of ids)
    await fetch(`${baseUrl}/mpesa-simulator/${id}/accept`, { method: "POST", redirect: "manual" });
  return ids.length;
}

/**
 * A day of business over the API, on top of the demo data: stock received, farmers signing up and ordering,
 * M-Pesa payments answered on the simulator, bank transfers recorded, approvals, a staff reservation; every
 * step writes its stock moves, payments, ledger rows and messages as the app does.
 */
export async function businessDay(baseUrl: string): Promise<{ clients: ClientLogin[] }> {
  const director = await signIn(baseUrl, { email: "director1@urithi.co.ke" });
  const sales = await signIn(baseUrl, { email: "sales@urithi.co.ke" });
  const tag = randomBytes(3).toString("hex");
  const items: number[] = [];
  for (const [i, breed] of ["Friesian", "Ayrshire", "Sahiwal"].entries()) {
    const item = (await ok(
      await director.post("/api/inventory", {
        itemId: `SEM-DAY-${tag}-${i}`,
        type: "sperm",
        breedName: breed,
        acquiredFrom: "Morning delivery",
        currentStock: 200,
        costPerUnit: 1200 + 100 * i,
        storageLocation: "Tank D",
        geneticData: { category: "dairy", origin: "Kenya" },
      }),
      "receiving stock",
    )) as { id: number };
    items.push(item.id);
  }

  const clients: ClientLogin[] = [];
  const orders: { id: number; method: string; caller: Caller; total: number }[] = [];
  for (let c = 0; c < 4; c++) {
    const login = { email: `farmer-${tag}-${c}@example.co.ke`, password: "mbegu-bora-2026" };
    await ok(
      await fetch(`${baseUrl}/api/client-signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          ...signupPayload(login.email, login.password),
          lastName: `Otieno ${c}`,
          phone: `+254 711 00${c} 111`,
        }),
      }),
      "signing up",
    );
    clients.push(login);
    const farmer = await signIn(baseUrl, { ...login, client: true });
    for (let o = 0; o < 3; o++) {
      const method = o === 2 ? "bank" : "mpesa";
      const placed = (await ok(
        await farmer.post("/api/client/orders", {
          items: [{ productId: items[(c + o) % items.length], quantity: 1 + ((c + o) % 3) }],
          deliveryAddress: "Kisumu",
          paymentMethod: method,
        }),
        "ordering",
      )) as { id: number };
      const [order] = (
        (await ok(await farmer.get("/api/client/orders"), "listing")) as {
          id: number;
          totalAmountKes: number;
        }[]
      ).filter((x) => x.id === placed.id);
      orders.push({ id: placed.id, method, caller: farmer, total: order?.totalAmountKes ?? 0 });
      if (method === "mpesa" && o === 0) {
        await ok(
          await farmer.post(`/api/client/orders/${placed.id}/pay`, { method: "mpesa", phone: "0712345678" }),
          "paying",
        );
      }
    }
  }
  await acceptPrompts(baseUrl);
  for (const [i, order] of orders.entries()) {
    if (order.method === "bank") {
      await ok(
        await director.post(`/api/orders/${order.id}/payments`, {
          method: "bank",
          amountKes: order.total,
          reference: `EQ-${tag}-${i}`,
          date: new Date().toISOString().slice(0, 10),
        }),
        "recording a transfer",
      );
    }
    if (i % 2 === 0) {
      await ok(
        await director.post(`/api/orders/${order.id}/approve`, { estimatedDays: 3, onCredit: true }),
        "approving",
      );
    }
  }
  await ok(
    await sales.post(`/api/inventory/${items[0]}/reserve`, {
      customerName: "Kiambu Dairy Farm",
      quantity: 4,
    }),
    "reserving for a customer",
  );
  return { clients };
}
