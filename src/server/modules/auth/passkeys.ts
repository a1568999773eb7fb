import { randomBytes } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, count, eq, gt, lt } from "drizzle-orm";
import type { z } from "zod";
import {
  PASSKEY_FAILED,
  PASSKEY_TIMEOUT_MS,
  type Passkey,
  type passkeyLoginSchema,
  type passkeyRegisterSchema,
} from "../../../contract/passkeys";
import type { AppContext } from "../../context";
import type { Db } from "../../db/adapter";
import { passkeys, users, webauthnChallenges } from "../../db/schema";
import { AppError, conflict, notFound, validationError } from "../../errors";
import { enqueueMessage } from "../notifications/outbox";
import { readerOf } from "../notifications/readers";
import { admits, reserveSignIn, type SignedIn, type SignInPlace, startSession } from "./service";
import type { SessionUserRow } from "./sessions";
import { throttleKeys } from "./throttle";
import { hashToken } from "./token-hash";
import { trustOf } from "./trust";

/** A person keeps at most this many passkeys (a phone, a laptop, a spare). */
/** SimpleWebAuthn, loaded at the first passkey: importing it cost every start about 150 ms (decision 37). */
const webauthn = () => import("@simplewebauthn/server");

export const MAX_PASSKEYS = 10;
const tooMany = () => conflict(`You already have ${MAX_PASSKEYS} passkeys: remove one first`);
/** A challenge outlives the browser's 60 s wait by a little, for the answer's trip back. */
const CHALLENGE_MS = PASSKEY_TIMEOUT_MS + 30_000;

type Purpose = (typeof webauthnChallenges.$inferSelect)["purpose"];
type PasskeyRow = typeof passkeys.$inferSelect;

const failed = () => new AppError("UNAUTHORIZED", PASSKEY_FAILED);

/** The relying party is the public address: its host names the passkeys, its origin must sign every answer. */
function relyingParty(ctx: AppContext) {
  const url = new URL(ctx.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * Keeps a challenge, found later by the random handle answered here (the caller puts it in an HttpOnly
 * cookie). Expired challenges are swept as new ones are made.
 */
async function keepChallenge(
  ctx: AppContext,
  input: { purpose: Purpose; challenge: string; userId?: number; sessionId?: number },
): Promise<string> {
  const handle = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  await ctx.database.tx(async (db) => {
    await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
    await db.insert(webauthnChallenges).values({
      handleHash: hashToken(handle),
      purpose: input.purpose,
      challenge: input.challenge,
      userId: input.userId ?? null,
      sessionId: input.sessionId ?? null,
      expiresAt: new Date(now.getTime() + CHALLENGE_MS),
    });
  });
  return handle;
}

/** Takes a challenge once: the delete that answers it is the use, so a replayed answer finds nothing. */
async function takeChallenge(
  db: Db,
  ctx: AppContext,
  handle: string | undefined,
  purpose: Purpose,
): Promise<typeof webauthnChallenges.$inferSelect | undefined> {
  if (!handle) return undefined;
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.handleHash, hashToken(handle)),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, ctx.clock.now()),
      ),
    )
    .returning();
  return row;
}

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/** The person's passkeys, oldest first. */
export async function listPasskeys(ctx: AppContext, userId: number): Promise<Passkey[]> {
  const rows = await ctx.database.read((db) =>
    db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id)),
  );
  return rows.map(toPasskey);
}

/**
 * POST /api/auth/passkeys/register/options: a platform authenticator, a discoverable credential (so the
 * sign-in needs no email) and user verification (the fingerprint or face, not just a touch).
 */
export async function registrationOptions(
  ctx: AppContext,
  user: SessionUserRow,
  sessionId: number,
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; handle: string }> {
  const { rpID } = relyingParty(ctx);
  const existing = await ctx.database.read((db) =>
    db
      .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id)),
  );
  if (existing.length >= MAX_PASSKEYS) throw tooMany();
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: "Urithi",
    rpID,
    userName: user.email ?? user.phone ?? `user-${user.id}`,
    userDisplayName: `${user.firstName} ${user.lastName}`,
    userID: new TextEncoder().encode(`urithi-user-${user.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
    authenticatorSelection: {
      authenticatorAttachment: "platform",
      residentKey: "required",
      userVerification: "required",
    },
    timeout: PASSKEY_TIMEOUT_MS,
  });
  const handle = await keepChallenge(ctx, {
    purpose: "register",
    challenge: options.challenge,
    userId: user.id,
    sessionId,
  });
  return { options, handle };
}

/**
 * POST /api/auth/passkeys/register/verify: the challenge must be this session's; the new passkey is kept
 * and the person is emailed, so a passkey added by someone else with their session does not go unseen.
 */
export async function registerPasskey(
  ctx: AppContext,
  user: SessionUserRow,
  sessionId: number,
  handle: string | undefined,
  input: z.output<typeof passkeyRegisterSchema>,
): Promise<Passkey> {
  const { rpID, origin } = relyingParty(ctx);
  const challenge = await ctx.database.tx((db) => takeChallenge(db, ctx, handle, "register"));
  if (!challenge || challenge.userId !== user.id || challenge.sessionId !== sessionId) {
    throw validationError("This passkey request has expired. Please try again.");
  }
  const verified = await (await webauthn())
    .verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    })
    .catch(() => ({ verified: false as const }));
  if (!verified.verified) throw validationError("The passkey could not be checked. Please try again.");
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const now = ctx.clock.now();
  const row = await ctx.database.tx(async (db) => {
    const [{ held } = { held: 0 }] = await db
      .select({ held: count() })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id));
    if (held >= MAX_PASSKEYS) throw tooMany();
    const [added] = await db
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
        backedUp: credentialBackedUp,
        createdAt: now,
      })
      .returning();
    await enqueueMessage(db, {
      kind: "passkey_added",
      reader: readerOf(user),
      facts: { passkey: input.name },
      now,
      channels: ["email"],
    });
    return added!;
  });
  return toPasskey(row);
}

/** POST /api/auth/passkeys/login/options: no account named; the passkey the person picks says whose it is. */
export async function loginOptions(
  ctx: AppContext,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; handle: string }> {
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    userVerification: "required",
    timeout: PASSKEY_TIMEOUT_MS,
  });
  const handle = await keepChallenge(ctx, { purpose: "login", challenge: options.challenge });
  return { options, handle };
}

/**
 * POST /api/auth/passkeys/login/verify: the challenge is taken once, the attempt is reserved against the same
 * limits as a password's, the signature and user verification are checked, and the counter must rise (a
 * conditional update, so two answers racing with one counter cannot both sign in).
 */
export async function signInWithPasskey(
  ctx: AppContext,
  handle: string | undefined,
  input: z.output<typeof passkeyLoginSchema>,
  place: SignInPlace,
): Promise<SignedIn> {
  const response = input.response as unknown as AuthenticationResponseJSON;
  const { challenge, found } = await ctx.database.tx(async (db) => {
    const taken = await takeChallenge(db, ctx, handle, "login");
    const [row] = await db
      .select({ passkey: passkeys, user: users })
      .from(passkeys)
      .innerJoin(users, eq(users.id, passkeys.userId))
      .where(eq(passkeys.credentialId, response.id));
    return { challenge: taken, found: row };
  });
  const keys = throttleKeys(found?.user.email ?? `passkey:${response.id.slice(0, 64)}`, place.ip);
  const trust = found
    ? await ctx.database.read((db) => trustOf(db, found.user.id, place.ip, place.deviceToken))
    : ("none" as const);
  await reserveSignIn(ctx, keys, trust);
  if (!challenge || !found || !admits(ctx, found.user, input.audience)) throw failed();
  const { rpID, origin } = relyingParty(ctx);
  const verified = await (await webauthn())
    .verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: found.passkey.credentialId,
        publicKey: Buffer.from(found.passkey.publicKey, "base64url"),
        counter: found.passkey.counter,
        transports: found.passkey.transports,
      },
      requireUserVerification: true,
    })
    .catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!verified.verified || !verified.authenticationInfo) throw failed();
  const { newCounter } = verified.authenticationInfo;
  return ctx.database.tx(async (db) => {
    const [moved] = await db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: ctx.clock.now() })
      .where(and(eq(passkeys.id, found.passkey.id), eq(passkeys.counter, found.passkey.counter)))
      .returning({ id: passkeys.id });
    if (!moved) throw failed();
    return startSession(ctx, db, found.user, { keys, trust, ...place });
  });
}

/** PATCH /api/auth/passkeys/:id: the person's own passkey only. */
export async function renamePasskey(
  ctx: AppContext,
  userId: number,
  id: number,
  name: string,
): Promise<Passkey> {
  const [row] = await ctx.database.tx((db) =>
    db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning(),
  );
  if (!row) throw notFound("Passkey");
  return toPasskey(row);
}

/** DELETE /api/auth/passkeys/:id: one's own, or (a Director, `anyone`) any staff member's. */
export async function removePasskey(
  ctx: AppContext,
  actor: SessionUserRow,
  id: number,
  anyone: boolean,
): Promise<void> {
  const removed = await ctx.database.tx(async (db) => {
    const [row] = await db
      .select({ userId: passkeys.userId, role: users.role })
      .from(passkeys)
      .innerJoin(users, eq(users.id, passkeys.userId))
      .where(eq(passkeys.id, id));
    const allowed = row && (row.userId === actor.id || (anyone && row.role !== "client"));
    if (!allowed) return false;
    await db.delete(passkeys).where(eq(passkeys.id, id));
    return true;
  });
  if (!removed) throw notFound("Passkey");
}

/** DELETE /api/staff/:id/passkeys: a Director revokes every passkey of a staff member (a lost phone). */
export async function revokeStaffPasskeys(ctx: AppContext, staffId: number): Promise<number> {
  return ctx.database.tx(async (db) => {
    const [person] = await db.select({ role: users.role }).from(users).where(eq(users.id, staffId));
    if (!person || person.role === "client") throw notFound("Staff member");
    const gone = await db.delete(passkeys).where(eq(passkeys.userId, staffId)).returning({ id: passkeys.id });
    return gone.length;
  });
}
