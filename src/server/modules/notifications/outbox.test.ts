import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/adapter";
import { prepareDatabase } from "../../db/prepare";
import { outbox } from "../../db/schema";
import { openTestDatabase } from "../../testing/test-database";
import { messageRows, type Reader, writeMessages } from "./outbox";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await prepareDatabase(database, { seedDemo: false, now: new Date("2026-11-26T08:00:00Z") });
});
afterAll(() => database.close());

const now = new Date("2026-11-26T09:15:00.123Z");
const reader = (name: string, over: Partial<Reader> = {}): Reader => ({
  name,
  phone: "0712345678",
  email: "farmer@example.co.ke",
  language: "en",
  notifyBy: "both",
  userId: null,
  ...over,
});

it("writes every message as it was rendered, whatever its text holds, in one statement", async () => {
  // The columns travel as arrays: quotes, commas, braces, backslashes, line breaks, NULL-looking words and
  // Kiswahili must come back exactly as they went in.
  const names = [
    `O'Brien, "Jr" {x}`,
    "back\\slash\nnew line",
    "NULL",
    "Wanjiru Njeri — Shamba la Ng'ombe",
    "",
  ];
  const rows = names.flatMap((name, i) =>
    messageRows({
      kind: "order_received",
      reader: reader(name, { language: i % 2 ? "sw" : "en", notifyBy: i === 4 ? "email" : "both" }),
      facts: { orderNumber: `ORD-2026-00000${i}`, amountKes: 1000 * (i + 1), lines: [] },
      now,
      dedupeKey: i === 3 ? "once" : undefined,
    }),
  );
  expect(rows).toHaveLength(9);
  expect(await database.tx((db) => writeMessages(db, rows))).toBe(9);
  const stored = await database.read((db) =>
    db
      .select({
        kind: outbox.kind,
        channel: outbox.channel,
        recipient: outbox.recipient,
        language: outbox.language,
        subject: outbox.subject,
        body: outbox.body,
        html: outbox.html,
        nextAttemptAt: outbox.nextAttemptAt,
        idempotencyKey: outbox.idempotencyKey,
        dedupeKey: outbox.dedupeKey,
        orderId: outbox.orderId,
        userId: outbox.userId,
        createdAt: outbox.createdAt,
        status: outbox.status,
        attempts: outbox.attempts,
      })
      .from(outbox)
      .orderBy(asc(outbox.id)),
  );
  expect(stored).toEqual(rows.map((r) => ({ ...r, status: "pending", attempts: 0 })));
  for (const name of names.slice(0, 4)) expect(stored.some((s) => s.body.includes(name))).toBe(true);
  // A dedupe key already written writes nothing again; the others are new messages.
  const again = messageRows({
    kind: "order_received",
    reader: reader("NULL"),
    facts: { orderNumber: "ORD-2026-000003", amountKes: 4000, lines: [] },
    now,
    dedupeKey: "once",
  });
  expect(await database.tx((db) => writeMessages(db, again))).toBe(0);
  expect(await database.tx((db) => writeMessages(db, []))).toBe(0);
  const onceRows = await database.read((db) =>
    db.select({ id: outbox.id }).from(outbox).where(eq(outbox.dedupeKey, "once:sms")),
  );
  expect(onceRows).toHaveLength(1);
});
