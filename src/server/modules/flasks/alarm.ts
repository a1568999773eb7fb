import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { AppContext } from "../../context";
import { flaskLoans, flasks, users } from "../../db/schema";
import { atNairobiNoon, nairobiDate } from "../../time";
import { messageRows, writeMessages } from "../notifications/outbox";
import { readerOf, rolesWith, staffReaders } from "../notifications/readers";

/**
 * Texts the store (staff with `storage`) and the holder about each flask past its due date, once per loan,
 * claimed under `SKIP LOCKED` so two instances never text it twice. Answers how many loans were alarmed.
 */
export async function alarmOverdueFlasks(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const overdue = await db
      .select({ loan: flaskLoans, serial: flasks.serial, holder: users })
      .from(flaskLoans)
      .innerJoin(flasks, eq(flasks.id, flaskLoans.flaskId))
      .innerJoin(users, eq(users.id, flaskLoans.holderUserId))
      .where(
        and(
          isNull(flaskLoans.returnedAt),
          isNull(flaskLoans.alarmedAt),
          lt(flaskLoans.dueOn, nairobiDate(now)),
        ),
      )
      .limit(100)
      .for("update", { of: flaskLoans, skipLocked: true });
    if (overdue.length === 0) return 0;
    await db
      .update(flaskLoans)
      .set({ alarmedAt: now })
      .where(
        inArray(
          flaskLoans.id,
          overdue.map((o) => o.loan.id),
        ),
      );
    const store = await staffReaders(db, rolesWith("storage"));
    await writeMessages(
      db,
      overdue.flatMap(({ loan, serial, holder }) =>
        [...store, readerOf(holder)].flatMap((reader) =>
          messageRows({
            kind: "flask_overdue",
            reader,
            facts: {
              alarm: serial,
              actor: `${holder.firstName} ${holder.lastName}`,
              date: atNairobiNoon(loan.dueOn),
            },
            channels: ["sms"],
            dedupeKey: `flask-overdue:${loan.id}:${reader.userId}`,
            now,
          }),
        ),
      ),
    );
    return overdue.length;
  });
}
