import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaxDocument } from "../../../contract/invoices";
import { orders } from "../../db/schema";
import { pdfText } from "../../testing/pdf-text";
import { type ReceivedMail, startSmtpServer } from "../../testing/smtp-server";
import {
  asUser,
  clientEmail,
  createTestApp,
  inventoryItem,
  loginAs,
  loginClient,
  staffEmails,
  type TestApp,
} from "../../testing/test-app";
import { sendEtimsDocuments } from "../etims/sender";
import { drainOutbox } from "../notifications/dispatcher";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ listen: true, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The attachment of a raw MIME mail named `filename`, decoded. */
function attachment(mail: ReceivedMail, filename: string): Buffer {
  const part = mail.raw.split(/\r\n--/).find((p) => p.includes(`filename=${filename}`));
  expect(part, `no ${filename} in the mail`).toBeDefined();
  return Buffer.from(part!.split(/\r\n\r\n/)[1]!.replace(/\s/g, ""), "base64");
}

describe("the payment received email", () => {
  it("carries the tax invoice as KRA signed it", async () => {
    const client = asUser(t.app, await loginClient(t.app, clientEmail));
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const placed = await client.post("/api/client/orders", {
      items: [{ productId: (await inventoryItem(t, "SEM-JE-106")).id, quantity: 1 }],
      customerLocation: "Nyeri",
      paymentMethod: "bank",
    });
    const { id } = placed.json();
    const [order] = await t.database.read((db) => db.select().from(orders).where(eq(orders.id, id)));
    expect(
      (
        await director.post(`/api/orders/${id}/payments`, {
          method: "bank",
          amountKes: order!.totalAmountKes,
          reference: "EQ-MAIL",
          date: new Date().toISOString().slice(0, 10),
        })
      ).statusCode,
    ).toBe(201);
    // As the beat runs them: KRA first, then the outbox.
    await sendEtimsDocuments(t.ctx);
    await drainOutbox(t.ctx, t.ctx.transports);
    const invoice = (await director.get(`/api/orders/${id}/invoice`)).json() as TaxDocument;
    const mail = smtp.received.find(
      (m) => m.to.includes(clientEmail) && m.raw.includes(`filename=${invoice.number}.pdf`),
    );
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(/Content-Type: application\/pdf/i);
    const text = pdfText(attachment(mail!, `${invoice.number}.pdf`));
    expect(text).toContain(invoice.number);
    expect(text).toContain(invoice.etims.signature!);
    expect(text).not.toContain("COPY");
  });
});
