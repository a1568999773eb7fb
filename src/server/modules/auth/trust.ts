import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/adapter";
import { trustedSignIns } from "../../db/schema";

/** How much a past sign-in vouches for this attempt: a known device beats a known address. */
export type Trust = "device" | "address" | "none";

const marker = (kind: "address" | "device", value: string) =>
  createHash("sha256").update(`${kind}:${value}`).digest("hex");

/** A fresh device token for the long-lived device cookie. */
export const newDeviceToken = () => randomBytes(24).toString("base64url");

export async function trustOf(db: Db, userId: number, ip: string, deviceToken?: string): Promise<Trust> {
  const device = deviceToken ? marker("device", deviceToken) : undefined;
  const address = marker("address", ip);
  const rows = await db
    .select({ marker: trustedSignIns.marker })
    .from(trustedSignIns)
    .where(
      and(
        eq(trustedSignIns.userId, userId),
        inArray(trustedSignIns.marker, device ? [device, address] : [address]),
      ),
    );
  if (device && rows.some((r) => r.marker === device)) return "device";
  return rows.length > 0 ? "address" : "none";
}

/** Remembers the address and device of a successful sign-in. */
export async function rememberSignIn(
  db: Db,
  userId: number,
  ip: string,
  deviceToken: string,
  now: Date,
): Promise<void> {
  await db
    .insert(trustedSignIns)
    .values([
      { userId, marker: marker("address", ip), lastUsedAt: now },
      { userId, marker: marker("device", deviceToken), lastUsedAt: now },
    ])
    .onConflictDoUpdate({
      target: [trustedSignIns.userId, trustedSignIns.marker],
      set: { lastUsedAt: now },
    });
}
