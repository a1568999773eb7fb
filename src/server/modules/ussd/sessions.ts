import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { Language } from "../../../contract/languages";
import { kenyanMobileE164 } from "../../../contract/primitives";
import { USSD_SESSION_SECONDS, type UssdCallback } from "../../../contract/ussd";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { users, ussdDays, ussdSessions } from "../../db/schema";
import { nairobiDate } from "../../time";
import { callerOf, rememberedLanguage } from "./caller";
import { step } from "./menu";
import { render } from "./render";
import { bothLanguages, NOT_KENYAN, words } from "./screens";
import type { Screen, SessionData, UssdSession } from "./session-state";

type SessionRow = typeof ussdSessions.$inferSelect;
/** The session's answers as the jsonb column keeps them. */
const stored = (data: SessionData) => data as Record<string, unknown>;

const SESSION_MS = USSD_SESSION_SECONDS * 1000;
const con = (body: string) => `CON ${body}`;
const end = (body: string) => `END ${body}`;

const expiredScreen = (language: Language | null, code: string) => {
  const dial = code || "*384#";
  return end(
    language ? words[language].expired(dial) : bothLanguages(words.sw.expired(dial), words.en.expired(dial)),
  );
};

/**
 * What the caller typed this step. Africa's Talking sends every input so far joined by `*`, so the new input
 * is what follows the text seen last; a `*` the caller typed inside an answer stays in that answer.
 */
export function newInput(lastText: string, text: string): string {
  if (lastText === "") return text;
  if (text.startsWith(`${lastText}*`)) return text.slice(lastText.length + 1);
  return text.slice(text.lastIndexOf("*") + 1);
}

/**
 * Answers one USSD callback: `CON …` or `END …`. The session lives in the database, so the next step may
 * reach any instance; a step sent twice answers the same; a session older than 180 s is gone with nothing
 * half-done, because nothing is written until a step's own action (an order only on the final confirm).
 */
export async function answerUssd(ctx: AppContext, call: UssdCallback): Promise<string> {
  const phone = kenyanMobileE164(call.phoneNumber);
  if (!phone) return end(NOT_KENYAN);
  const now = ctx.clock.now();
  const row = await ctx.database.read(async (db) => {
    const [found] = await db.select().from(ussdSessions).where(eq(ussdSessions.sessionId, call.sessionId));
    return found;
  });
  if (row && (row.phone !== phone || now.getTime() - row.startedAt.getTime() > SESSION_MS)) {
    await ctx.database.tx((db) => db.delete(ussdSessions).where(eq(ussdSessions.sessionId, call.sessionId)));
    return expiredScreen(row.language, call.serviceCode);
  }
  if (!row) {
    if (call.text !== "") {
      const language = await ctx.database.read((db) => rememberedLanguage(db, phone));
      return expiredScreen(language, call.serviceCode);
    }
    return startSession(ctx, call, phone, now);
  }
  if (call.text === row.lastText) return row.lastAnswer;
  if (row.screen === "ended") return row.lastAnswer;
  const session = await sessionOf(ctx, row, call.serviceCode);
  const next = await step(ctx, session, newInput(row.lastText, call.text));
  let answer: string;
  let saved: Pick<SessionRow, "screen" | "data" | "userId" | "language">;
  if ("end" in next) {
    answer = end(next.end);
    saved = { screen: "ended", data: {}, userId: session.user?.id ?? null, language: session.language };
  } else if ("again" in next) {
    answer = con(render(session, { ...session.data, notice: next.again }));
    saved = {
      screen: session.screen,
      data: stored(session.data),
      userId: row.userId,
      language: row.language,
    };
  } else {
    const language = next.language ?? session.language;
    const data = next.data ?? {};
    answer = con(render({ screen: next.to, language, phone }, data));
    saved = {
      screen: next.to,
      data: stored({ ...data, notice: undefined }),
      userId: next.user?.id ?? session.user?.id ?? null,
      language,
    };
  }
  // Saved only over the text this step read: a duplicate of the step that got here first answers its answer.
  const kept = await ctx.database.tx((db) =>
    db
      .update(ussdSessions)
      .set({ ...saved, lastText: call.text, lastAnswer: answer, updatedAt: now })
      .where(and(eq(ussdSessions.sessionId, row.sessionId), eq(ussdSessions.lastText, row.lastText)))
      .returning({ id: ussdSessions.sessionId }),
  );
  if (kept.length > 0) return answer;
  const [first] = await ctx.database.read((db) =>
    db.select().from(ussdSessions).where(eq(ussdSessions.sessionId, call.sessionId)),
  );
  return first?.lastText === call.text ? first.lastAnswer : expiredScreen(session.language, call.serviceCode);
}

/** The row as a step reads it: its account, read fresh, so a closed account cannot go on ordering. */
async function sessionOf(ctx: AppContext, row: SessionRow, serviceCode: string): Promise<UssdSession> {
  const user = row.userId
    ? await ctx.database.read(
        async (db) => (await db.select().from(users).where(eq(users.id, row.userId!)))[0],
      )
    : undefined;
  return {
    sessionId: row.sessionId,
    phone: row.phone,
    serviceCode,
    user: user ?? null,
    language: row.language ?? "en",
    screen: row.screen as Screen,
    data: row.data as SessionData,
  };
}

/**
 * A new session: any other session of the same phone ends (the newest call is the one the farmer holds), the
 * day's count goes up, and the first screen is the language on a phone's first call, else the menu for an
 * account or the signup for a number we do not know.
 */
function startSession(ctx: AppContext, call: UssdCallback, phone: string, now: Date): Promise<string> {
  return ctx.database.tx(async (db) => {
    const caller = await callerOf(db, phone, now);
    const language = await rememberedLanguage(db, phone);
    if (caller.kind !== "client" && caller.kind !== "new") {
      const key =
        caller.kind === "staff" ? "staffNumber" : caller.kind === "several" ? "severalAccounts" : "closed";
      return end(language ? words[language][key] : bothLanguages(words.sw[key], words.en[key]));
    }
    const user = caller.kind === "client" ? caller.user : null;
    const screen: Screen = !language ? "language" : user ? "menu" : "signup_name";
    const data: SessionData = user ? { name: user.firstName } : {};
    const answer = con(render({ screen, language: language ?? "en", phone }, data));
    await db
      .delete(ussdSessions)
      .where(and(eq(ussdSessions.phone, phone), ne(ussdSessions.sessionId, call.sessionId)));
    const inserted = await db
      .insert(ussdSessions)
      .values({
        sessionId: call.sessionId,
        phone,
        userId: user?.id ?? null,
        language,
        screen,
        data: stored(data),
        lastText: "",
        lastAnswer: answer,
        startedAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: ussdSessions.sessionId });
    if (inserted.length > 0) await countSession(db, now);
    return answer;
  });
}

const countSession = (db: Db, now: Date) =>
  db
    .insert(ussdDays)
    .values({ day: nairobiDate(now), sessions: 1 })
    .onConflictDoUpdate({ target: ussdDays.day, set: { sessions: sql`${ussdDays.sessions} + 1` } });

/** The job: sessions past their 180 s are dropped, on any instance (a plain conditional delete). */
export function dropExpiredSessions(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - SESSION_MS);
  return ctx.database.tx(async (db) => {
    const gone = await db
      .delete(ussdSessions)
      .where(lt(ussdSessions.startedAt, before))
      .returning({ id: ussdSessions.sessionId });
    return gone.length;
  });
}
