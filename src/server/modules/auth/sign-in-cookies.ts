import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import type { SignedIn, SignInPlace } from "./service";
import { deviceCookieName, sessionCookieName } from "./sessions";

const DEVICE_COOKIE_DAYS = 400;

/** Where a sign-in request comes from: its address, the device cookie it carries, its browser. */
export const signInPlaceOf = (ctx: AppContext, request: FastifyRequest): SignInPlace => ({
  ip: request.ip,
  deviceToken: request.cookies[deviceCookieName(ctx.config.secureCookies)],
  userAgent: request.headers["user-agent"],
  requestId: request.id,
});

/** The session cookie, and the long-lived device cookie that lets this device skip the account's delays. */
export function setSignInCookies(ctx: AppContext, reply: FastifyReply, signed: SignedIn): void {
  const secure = ctx.config.secureCookies;
  reply.setCookie(sessionCookieName(secure), signed.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
  });
  reply.setCookie(deviceCookieName(secure), signed.deviceToken, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}
