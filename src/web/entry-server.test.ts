import { beforeAll, describe, expect, it } from "vitest";
import type { Transaction } from "../contract/finance";
import { type FirstAnswer, staffReadsFor } from "../contract/first-reads";
import { draw, drawsScreen, prepareDrawing, prepareStaffDrawing } from "./entry-server";

const client = {
  user: {
    id: 9,
    email: "wanjiru@example.co.ke",
    firstName: "Wanjiru",
    lastName: "Kamau",
    role: "client",
    permissions: [],
  },
};
const staff = (role: string, permissions: string[]) => ({
  user: { ...client.user, id: 3, email: "grace@urithi.co.ke", role, roleLabel: role, permissions },
});
const me = (body: unknown, status = 200): FirstAnswer => ({ url: "/api/auth/me", status, total: null, body });
const product = {
  id: 7,
  name: "Holstein Friesian Semen",
  type: "semen",
  breed: "Holstein Friesian",
  price: 4_500,
  currency: "KES",
  description: "Proven daughters in Nakuru",
  descriptionSw: "Mabinti waliothibitishwa Nakuru",
  features: [],
  inStock: 3,
  regionSuitability: ["Central"],
  category: "dairy",
  origin: "Kenya",
  itemId: "SEM-FR-001",
};
const products: FirstAnswer = { url: "/api/client/products", status: 200, total: null, body: [product] };

beforeAll(async () => {
  await prepareDrawing();
});

describe("the server's drawing of a screen", () => {
  it("draws the order screen from the page's answers, in the visitor's language", () => {
    const english = draw({ url: "/client-orders", answers: [me(client), products], language: "en" });
    expect(english && "html" in english).toBe(true);
    const html = (english as { html: string }).html;
    expect(html).toContain("Holstein Friesian Semen");
    expect(html).toContain("Proven daughters in Nakuru");
    expect(html).toContain("SEM-FR-001");
    expect(html).toContain("<h1");
    expect((english as { title: string }).title).toMatch(/ · Urithi$/);
    const swahili = draw({ url: "/client-orders", answers: [me(client), products], language: "sw" });
    expect((swahili as { html: string }).html).not.toEqual(html);
    expect((swahili as { html: string }).html).toContain("Mbegu za Holstein Friesian");
    expect((swahili as { html: string }).html).toContain("Mabinti waliothibitishwa Nakuru");
  });

  it("draws the landing page for anyone, and sends a signed-out visitor on a client screen to log in", () => {
    const landing = draw({ url: "/landing", answers: [me(null, 401)], language: "en" });
    expect((landing as { html: string }).html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(draw({ url: "/client-orders", answers: [me(null, 401)], language: "en" })).toEqual({
      redirect: "/client-login",
    });
  });

  it("draws what the browser would show while a read is missing from the answers", () => {
    // No session answer: the browser would show the screen's loading state until it has one.
    const waiting = draw({ url: "/client-orders", answers: [], language: "en" }) as { html: string };
    expect(waiting.html).toContain('role="status" aria-label="Loading"');
    expect(waiting.html).not.toContain("SEM-FR-001");
  });

  it("draws public and client screens, and the staff screens whose first reads it answers", async () => {
    for (const path of ["/", "/landing", "/shop", "/shop/products/12", "/client-orders", "/cart"]) {
      expect(drawsScreen(path), path).toBe(true);
    }
    // The staff screens' code loads on the first ask for one: until then the browser draws them.
    expect(drawsScreen("/orders")).toBe(false);
    await prepareStaffDrawing();
    for (const path of ["/dashboard", "/orders", "/financial"]) expect(drawsScreen(path), path).toBe(true);
    for (const path of ["/genetic-inventory", "/customers", "/login", "/no-such-page"]) {
      expect(drawsScreen(path), path).toBe(false);
    }
  });

  it("draws a staff screen inside the shell from its reads, keyed as the screen asks for them", async () => {
    await prepareStaffDrawing();
    const transaction: Transaction = {
      id: 31,
      type: "income",
      amount: 12_500,
      currency: "KES",
      description: "Straws for Nyeri Dairy",
      reference: "QKX81B2",
      status: "completed",
      date: "2026-11-29T21:30:00Z",
    };
    const list = staffReadsFor("/financial", ["finance"]).find((r) => r.url.startsWith("/api/transactions"))!;
    const drawn = draw({
      url: "/financial",
      answers: [
        me(staff("director", ["finance"])),
        { url: list.url, status: 200, total: "1", body: [transaction] },
      ],
      language: "en",
    }) as { html: string; title: string };
    expect(drawn.title).toMatch(/^Financial Management · Urithi$/);
    expect(drawn.html).toContain("Logout");
    expect(drawn.html).toMatch(/<h1[^>]*>Financial Management<\/h1>/);
    expect(drawn.html).toContain("Straws for Nyeri Dairy");
    // 21:30 UTC is already the next day on Nairobi's clock, which the browser shows too.
    expect(drawn.html).toContain("30 Nov 2026");
  });

  it("sends a signed-out visitor to the staff login, and says so to staff without the screen's permission", async () => {
    await prepareStaffDrawing();
    expect(draw({ url: "/orders", answers: [me(null, 401)], language: "en" })).toEqual({
      redirect: "/login",
    });
    expect(draw({ url: "/orders", answers: [me(client)], language: "en" })).toEqual({
      redirect: "/client-portal",
    });
    const field = draw({
      url: "/financial",
      answers: [me(staff("field_technician", ["field"]))],
      language: "en",
    });
    expect((field as { html: string }).html).toContain("Access restricted");
  });
});
