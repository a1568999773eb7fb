import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Message, messageChannels, messageSorts, messageStatuses } from "../../../contract/messages";
import { outbox } from "../../db/schema";
import { t, withTestApp } from "../../testing/app-session";
import { expectPagesAsRead } from "../../testing/list-pages";
import { asUser, loginAs, staffEmails } from "../../testing/test-app";
import { messagePage, messageStatusPage } from "./message-pages";
import { messageOrder, toMessage } from "./service";

withTestApp();

describe("the messages screen's prepared pages", () => {
  it("answer each sort, order, channel and status as the rows read and mapped by Drizzle", async () => {
    // Every status (kept among the sent), both channels, a null subject and errors, and times shared by
    // three messages each, where the tie-break decides.
    await t.database.tx((db) =>
      db.execute(sql`insert into outbox (kind, channel, recipient, language, subject, body, status, kept,
          attempts, next_attempt_at, last_error, provider_message_id, idempotency_key, created_at, sent_at,
          delivered_at)
        select 'order_received', (array['sms', 'email']::message_channel[])[1 + g % 2],
               'page' || g || '@farm.example', 'sw', case when g % 2 = 1 then 'Oda ' || g end, 'Ujumbe ' || g,
               (array['pending', 'sent', 'delivered', 'failed']::message_status[])[1 + g % 4], g % 8 = 1,
               g % 3, '2026-03-04 05:06:07.891+03'::timestamptz + g * interval '1 minute',
               case when g % 4 = 3 then 'Rejected' end, case when g % 4 in (1, 2) then 'ATX' || g end,
               'page-' || g, '2026-03-01 08:00:00.123+03'::timestamptz + (g / 3) * interval '1 second',
               case when g % 4 in (1, 2) then '2026-03-02 09:00:00.456+03'::timestamptz end,
               case when g % 4 = 2 then '2026-03-02 09:05:00+03'::timestamptz end
        from generate_series(1, 40) g`),
    );
    const page = { limit: 30, offset: 2 };
    const compared = await expectPagesAsRead(
      messageSorts,
      [undefined, ...messageChannels],
      (db, { filter: channel, ...query }) => messagePage(db, { ...query, ...page, channel }),
      async (db, { filter: channel, ...query }) =>
        (
          await db
            .select()
            .from(outbox)
            .where(channel ? eq(outbox.channel, channel) : undefined)
            .orderBy(...messageOrder({ ...query, ...page }))
            .limit(page.limit)
            .offset(page.offset)
        ).map((row) => toMessage(row, true)),
    );
    expect(compared).toBeGreaterThan(200);
    // Each status as staff see it, kept told from sent.
    const byStatus = await expectPagesAsRead(
      messageSorts,
      messageStatuses,
      (db, { filter: status, ...query }) => messageStatusPage(db, { ...query, ...page, status }),
      async (db, { filter: status, ...query }) =>
        (
          await db
            .select()
            .from(outbox)
            .orderBy(...messageOrder({ ...query, ...page }))
        )
          .map((row) => toMessage(row, true))
          .filter((m) => m.status === status)
          .slice(page.offset, page.offset + page.limit),
    );
    expect(byStatus).toBeGreaterThan(50);
    const shown = await t.database.read((db) =>
      messagePage(db, { sort: "status", order: "asc", channel: "sms", limit: 500, offset: 0 }),
    );
    expect(shown.find((m) => m.recipient === "page1@farm.example")).toBeUndefined();
    expect(shown.find((m) => m.recipient === "page9@farm.example")).toBeUndefined();
    const emails = await t.database.read((db) =>
      messagePage(db, { sort: "createdAt", order: "desc", channel: "email", limit: 500, offset: 0 }),
    );
    expect(emails.find((m) => m.recipient === "page9@farm.example")).toMatchObject({
      status: "kept",
      subject: "Oda 9",
      createdAt: "2026-03-01T05:00:03.123Z",
      sentAt: "2026-03-02T06:00:00.456Z",
      nextAttemptAt: null,
    });
    expect(emails.find((m) => m.recipient === "page5@farm.example")).toMatchObject({
      status: "sent",
      providerMessageId: "ATX5",
    });
  });

  it("hides a one-time link from staff outside demo mode, as a filtered list does", async () => {
    await t.database.tx((db) =>
      db.execute(sql`insert into outbox (kind, channel, recipient, language, subject, body, status, kept,
          idempotency_key, created_at)
        values ('password_reset', 'email', 'reset@farm.example', 'en', 'Reset',
                'Open https://urithi.example/reset?token=abcdefghijklmnopqrstuvwxyz012345', 'sent', true,
                'reset-page', now() + interval '1 day')`),
    );
    const director = asUser(t.app, await loginAs(t.app, staffEmails.director));
    const newest = async () =>
      ((await director.get("/api/messages?sort=createdAt&order=desc&limit=1")).json() as Message[])[0]!;
    expect((await newest()).body).toMatch(/token=[\w-]{20,}/);
    t.config.demoMode = false;
    try {
      expect((await newest()).body).toBe("Open https://urithi.example/reset?token=…");
    } finally {
      t.config.demoMode = true;
    }
  });
});
