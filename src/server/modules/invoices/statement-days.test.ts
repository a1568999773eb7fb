import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Statement } from "../../../contract/statements";
import { rowsOf } from "../../db/adapter";
import { t, withTestApp } from "../../testing/app-session";
import { invariantViolations } from "../../testing/invariants";
import { asUser, inventoryItem, loginAs, staffEmails } from "../../testing/test-app";
import { nairobiDate, nairobiDayEnd, nairobiDayStart } from "../../time";

withTestApp();

const HOUR = 3_600_000;
/** Staff signed in afresh: a session ends after 12 hours of the test's clock. */
const staff = async (email: string) => asUser(t.app, await loginAs(t.app, email));

/** The customer's entries one by one, as the documents and the ledger hold them, oldest first. */
async function entriesOf(customerId: number) {
  return t.database.read((db) =>
    rowsOf<{ date: string; kind: string; reference: string | null; kes: number }>(
      db,
      sql`select date, kind, reference, kes from (
            select issued_at as date, kind::text as kind, number as reference,
                   case when kind = 'invoice' then total_kes else -total_kes end as kes
            from tax_documents where customer_id = ${customerId} and etims_status <> 'voided'
            union all
            select date, case when type = 'income' then 'payment' else 'refund' end, reference,
                   case when type = 'income' then -amount::int else amount::int end
            from transactions
            where customer_id = ${customerId} and type in ('income', 'refund') and status = 'completed') m
          order by date, reference, kind`,
    ),
  );
}

describe("a statement of account over many days", () => {
  it("pages its entries, figures and balances as the entries read one by one, from any day", async () => {
    const sales = await staff(staffEmails.sales_manager);
    const created = await sales.post("/api/customers", {
      name: "Siku Nyingi Dairy",
      type: "farm",
      email: "accounts@siku-nyingi.co.ke",
      phone: "+254 700 333 444",
      address: "Ol Kalou",
      contactPerson: "Peter Kamau",
    });
    expect(created.statusCode, created.body).toBe(201);
    const customerId = created.json().id as number;
    const item = (await inventoryItem(t, "SEM-HF-101")).id;
    const days: string[] = [];
    // Six days, 26 hours apart: orders paid in full (an invoice and a payment at one instant), in part, and
    // one paid, cancelled and refunded (a credit note and a refund).
    for (let day = 0; day < 6; day++) {
      const [seller, director] = [await staff(staffEmails.sales_manager), await staff(staffEmails.director)];
      const today = nairobiDate(t.clock.now());
      days.push(today);
      for (let n = 0; n <= day % 3; n++) {
        const placed = await seller.post("/api/orders/itemised", {
          customerId,
          lines: [{ inventoryItemId: item, quantity: 1 }],
        });
        expect(placed.statusCode, placed.body).toBe(201);
        const order = placed.json() as { id: number; totalAmountKes: number };
        const paid = n === 1 ? 500 : order.totalAmountKes;
        const payment = await director.post(`/api/orders/${order.id}/payments`, {
          method: "bank",
          amountKes: paid,
          reference: `SN-${day}-${n}`,
          date: today,
        });
        expect(payment.statusCode, payment.body).toBe(201);
        if (day === 3 && n === 0) {
          const cancelled = await director.post(`/api/orders/${order.id}/cancel`, {
            reason: "Herd sold",
            refund: { amountKes: paid, method: "bank", reference: `SN-RF-${day}` },
          });
          expect(cancelled.statusCode, cancelled.body).toBe(200);
        }
      }
      t.clock.advance(26 * HOUR);
    }
    expect(await invariantViolations(t.database)).toEqual([]);
    const all = await entriesOf(customerId);
    expect(new Set(all.map((e) => nairobiDate(new Date(e.date)))).size).toBe(6);
    expect(new Set(all.map((e) => e.kind))).toEqual(new Set(["invoice", "payment", "credit_note", "refund"]));

    const director = await staff(staffEmails.director);
    const statement = async (query: string) => {
      const res = await director.get(`/api/customers/${customerId}/statement?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Statement;
    };
    // The whole history, a range cut inside it, one day, and a day with nothing after the last entry.
    const ranges = [
      [days[0]!, days[5]!],
      [days[1]!, days[4]!],
      [days[3]!, days[3]!],
      [days[5]!, days[5]!],
    ];
    for (const [from, to] of ranges) {
      const start = nairobiDayStart(from!).getTime();
      const end = nairobiDayEnd(to!).getTime();
      const at = (e: { date: string }) => new Date(e.date).getTime();
      const before = all.filter((e) => at(e) < start);
      const within = all.filter((e) => at(e) >= start && at(e) < end);
      const sum = (entries: typeof all, kind?: string) =>
        entries.filter((e) => !kind || e.kind === kind).reduce((s, e) => s + e.kes, 0);
      const opening = sum(before);
      let balance = opening;
      const expected = within.map((e) => {
        balance += e.kes;
        return {
          kind: e.kind,
          reference: e.reference,
          date: new Date(e.date).toISOString(),
          balanceKes: balance,
        };
      });
      const figures = {
        openingKes: opening,
        invoicedKes: sum(within, "invoice"),
        creditedKes: 0 - sum(within, "credit_note"),
        paidKes: 0 - sum(within, "payment"),
        refundedKes: sum(within, "refund"),
        closingKes: balance,
        entryCount: within.length,
      };
      const range = `from=${from}&to=${to}`;
      const whole = await statement(`${range}&limit=500`);
      expect(whole).toMatchObject(figures);
      expect(whole.entries).toMatchObject(expected);
      for (const limit of [1, 2, 3, 5]) {
        for (let offset = 0; offset <= within.length; offset++) {
          const page = await statement(`${range}&limit=${limit}&offset=${offset}`);
          expect(page, `${range} ${limit} ${offset}`).toMatchObject(figures);
          expect(page.entries, `${range} ${limit} ${offset}`).toEqual(
            whole.entries.slice(offset, offset + limit),
          );
        }
      }
    }
  });
});
