import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { ASSIGN_WITHIN_MS } from "../../../contract/service-requests";
import type { AppContext } from "../../context";
import { cows, serviceRequests } from "../../db/schema";
import { messageRows, writeMessages } from "../notifications/outbox";
import { rolesWith, staffReaders } from "../notifications/readers";

const timeOfDay = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: "Africa/Nairobi",
});

/**
 * Texts the dispatchers (staff with `breeding`) about each request nobody assigned within two hours: a cow
 * in heat will not wait. Once per request, claimed by a conditional update under `SKIP LOCKED`, so two
 * instances never text it twice. Answers how many requests were alarmed.
 */
export async function alarmUnassigned(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  return ctx.database.tx(async (db) => {
    const waiting = await db
      .select({ request: serviceRequests, tag: cows.tag })
      .from(serviceRequests)
      .innerJoin(cows, eq(cows.id, serviceRequests.cowId))
      .where(
        and(
          eq(serviceRequests.status, "requested"),
          isNull(serviceRequests.alarmedAt),
          lte(serviceRequests.createdAt, new Date(now.getTime() - ASSIGN_WITHIN_MS)),
        ),
      )
      .limit(100)
      .for("update", { of: serviceRequests, skipLocked: true });
    if (waiting.length === 0) return 0;
    await db
      .update(serviceRequests)
      .set({ alarmedAt: now })
      .where(
        inArray(
          serviceRequests.id,
          waiting.map((w) => w.request.id),
        ),
      );
    const dispatchers = await staffReaders(db, rolesWith("breeding"));
    await writeMessages(
      db,
      waiting.flatMap(({ request, tag }) =>
        dispatchers.flatMap((reader) =>
          messageRows({
            kind: "service_unassigned",
            reader,
            facts: {
              alarm: `${request.kind === "pd" ? "PD" : "AI"} for ${tag} in ${request.county}, asked at ${timeOfDay.format(request.createdAt)}, has no technician`,
            },
            channels: ["sms"],
            dedupeKey: `service-unassigned:${request.id}:${reader.userId}`,
            now,
          }),
        ),
      ),
    );
    return waiting.length;
  });
}
