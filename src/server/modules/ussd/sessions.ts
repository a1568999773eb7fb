import { eq, lt, sql } from "drizzle-orm";
import type { Language } from "../../../contract/languages";
import { kenyanMobileE164 } from "../../../contract/primitives";
import { USSD_SESSION_SECONDS, type UssdCallback } from "../../../contract/ussd";
import type { AppContext } from "../../context";
import { columnsOf, prepared, tableRow } from "../../db/adapter";
import { users, ussdDays, ussdSessions } from "../../db/schema";
import { nairobiDate } from "../../time";
import type { SessionUserRow } from "../auth/sessions";
import { identify, rememberedLanguage } from "./caller";
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
  // The session and its account in one statement: a step is a handful of statements in all.
  const [found] = await ctx.database.read((db) => loadSession(db, { sessionId: call.sessionId }));
  const row = found && tableRow(ussdSessions, found.session);
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
  const session = sessionOf(row, found!.user && tableRow(users, found!.user), call.serviceCode);
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
  const kept = await ctx.database.statement((db) =>
    saveSession(db, {
      sessionId: row.sessionId,
      readText: row.lastText,
      screen: saved.screen,
      data: JSON.stringify(saved.data),
      userId: saved.userId,
      language: saved.language,
      lastText: call.text,
      lastAnswer: answer,
      now: now.toISOString(),
    }),
  );
  if (kept.length > 0) return answer;
  const [first] = await ctx.database.read((db) =>
    db.select().from(ussdSessions).where(eq(ussdSessions.sessionId, call.sessionId)),
  );
  return first?.lastText === call.text ? first.lastAnswer : expiredScreen(session.language, call.serviceCode);
}

/**
 * A step's two statements, prepared once (each is parsed and planned once per connection, not per step): the
 * session with its account, and the answer saved over the text this step read.
 */
const loadSession = prepared<
  { sessionId: string },
  { session: Record<string, unknown>; user: Record<string, unknown> | null }
>(
  "ussd_session",
  (p) => sql`select (select row_to_json(s) from (select ${columnsOf(ussdSessions)}) s) as session,
      (select row_to_json(u) from (select ${columnsOf(users)} from ${users} where ${users.id} = ${ussdSessions.userId}) u) as "user"
    from ${ussdSessions} where ${ussdSessions.sessionId} = ${p.sessionId}`,
);

const saveSession = prepared<
  {
    sessionId: string;
    readText: string;
    screen: string;
    /** JSON text. */
    data: string;
    userId: number | null;
    language: Language | null;
    lastText: string;
    lastAnswer: string;
    now: string;
  },
  { id: string }
>(
  "ussd_session_save",
  (p) => sql`update ${ussdSessions} set screen = ${p.screen}::text, data = ${p.data}::jsonb,
      user_id = ${p.userId}::int, language = ${p.language}::language, last_text = ${p.lastText}::text,
      last_answer = ${p.lastAnswer}::text, updated_at = ${p.now}::timestamptz
    where session_id = ${p.sessionId}::text and last_text = ${p.readText}::text
    returning session_id as id`,
);

/** The row as a step reads it, with its account as it is now, so a closed account cannot go on ordering. */
function sessionOf(row: SessionRow, user: SessionUserRow | null, serviceCode: string): UssdSession {
  return {
    sessionId: row.sessionId,
    phone: row.phone,
    serviceCode,
    user,
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
async function startSession(ctx: AppContext, call: UssdCallback, phone: string, now: Date): Promise<string> {
  const { caller, language } = await ctx.database.read((db) => identify(db, phone, now));
  if (caller.kind !== "client" && caller.kind !== "new") {
    const key =
      caller.kind === "staff" ? "staffNumber" : caller.kind === "several" ? "severalAccounts" : "closed";
    return end(language ? words[language][key] : bothLanguages(words.sw[key], words.en[key]));
  }
  const user = caller.kind === "client" ? caller.user : null;
  const screen: Screen = !language ? "language" : user ? "menu" : "signup_name";
  const data: SessionData = user ? { name: user.firstName } : {};
  const answer = con(render({ screen, language: language ?? "en", phone }, data));
  // One statement: the phone's older sessions end, this one begins (once), and the day counts it.
  await ctx.database.statement((db) =>
    db.execute(sql`with ended as (
        delete from ${ussdSessions} where phone = ${phone} and session_id <> ${call.sessionId}
      ), began as (
        insert into ${ussdSessions} (session_id, phone, user_id, language, screen, data, last_text, last_answer,
                                     started_at, updated_at)
        values (${call.sessionId}, ${phone}, ${user?.id ?? null}, ${language}, ${screen},
                ${JSON.stringify(data)}::jsonb, '', ${answer}, ${now.toISOString()}::timestamptz,
                ${now.toISOString()}::timestamptz)
        on conflict (session_id) do nothing
        returning 1
      )
      insert into ${ussdDays} (day, sessions) select ${nairobiDate(now)}::date, 1 from began
      on conflict (day) do update set sessions = ${ussdDays.sessions} + 1`),
  );
  return answer;
}

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
