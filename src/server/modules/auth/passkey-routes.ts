import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { meResponseSchema } from "../../../contract/auth";
import {
  passkeyLoginSchema,
  passkeyOptionsSchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
  passkeySchema,
} from "../../../contract/passkeys";
import { rolePermissions } from "../../../contract/roles";
import type { AppContext } from "../../context";
import { access } from "../../http/access";
import { currentAuth, currentUser } from "../../http/auth-hook";
import { idParams } from "../../http/params";
import {
  listPasskeys,
  loginOptions,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  revokeStaffPasskeys,
  signInWithPasskey,
} from "./passkeys";
import { toSessionUser } from "./service";
import { setSignInCookies, signInPlaceOf } from "./sign-in-cookies";

/** The cookie that carries a WebAuthn challenge's handle from the options to the verify, for 90 seconds. */
const challengeCookie = (secure: boolean) => (secure ? "__Host-urithi_wa" : "urithi_wa");

/** Passkeys: registering them on the account pages, signing in with them, naming and removing them. */
export function registerPasskeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.config.secureCookies;
  const cookie = challengeCookie(secure);
  const keepHandle = (reply: FastifyReply, handle: string) =>
    reply.setCookie(cookie, handle, { path: "/", httpOnly: true, sameSite: "strict", secure, maxAge: 90 });
  const dropHandle = (reply: FastifyReply) => reply.clearCookie(cookie, { path: "/", secure });
  const signedIn = { access: access.anySession };

  r.post(
    "/api/auth/passkeys/register/options",
    { config: signedIn, schema: { response: { 200: passkeyOptionsSchema } } },
    async (request, reply) => {
      const { user, sessionId } = currentAuth(request);
      const { options, handle } = await registrationOptions(ctx, user, sessionId);
      keepHandle(reply, handle);
      return { ...options };
    },
  );
  r.post(
    "/api/auth/passkeys/register/verify",
    { config: signedIn, schema: { body: passkeyRegisterSchema, response: { 201: passkeySchema } } },
    async (request, reply) => {
      const { user, sessionId } = currentAuth(request);
      const added = await registerPasskey(ctx, user, sessionId, request.cookies[cookie], request.body);
      dropHandle(reply);
      return reply.status(201).send(added);
    },
  );
  r.post(
    "/api/auth/passkeys/login/options",
    { config: { access: access.public }, schema: { response: { 200: passkeyOptionsSchema } } },
    async (_request, reply) => {
      const { options, handle } = await loginOptions(ctx);
      keepHandle(reply, handle);
      return { ...options };
    },
  );
  r.post(
    "/api/auth/passkeys/login/verify",
    {
      config: { access: access.public },
      schema: { body: passkeyLoginSchema, response: { 200: meResponseSchema } },
    },
    async (request, reply) => {
      const handle = request.cookies[cookie];
      dropHandle(reply);
      const signed = await signInWithPasskey(ctx, handle, request.body, signInPlaceOf(ctx, request));
      setSignInCookies(ctx, reply, signed);
      return { user: toSessionUser(signed.user) };
    },
  );
  r.get(
    "/api/auth/passkeys",
    { config: signedIn, schema: { response: { 200: z.array(passkeySchema) } } },
    (request) => listPasskeys(ctx, currentUser(request).id),
  );
  r.patch(
    "/api/auth/passkeys/:id",
    {
      config: signedIn,
      schema: { params: idParams, body: passkeyRenameSchema, response: { 200: passkeySchema } },
    },
    (request) => renamePasskey(ctx, currentUser(request).id, request.params.id, request.body.name),
  );
  r.delete(
    "/api/auth/passkeys/:id",
    {
      config: signedIn,
      schema: { params: idParams, response: { 200: z.object({ removed: z.literal(1) }) } },
    },
    async (request) => {
      const actor = currentUser(request);
      // A Director may remove any staff member's passkey; everyone else only their own.
      await removePasskey(ctx, actor, request.params.id, rolePermissions[actor.role].includes("users"));
      return { removed: 1 as const };
    },
  );
  r.delete(
    "/api/staff/:id/passkeys",
    {
      config: { access: access.staff("users") },
      schema: { params: idParams, response: { 200: z.object({ removed: z.number().int() }) } },
    },
    async (request) => ({ removed: await revokeStaffPasskeys(ctx, request.params.id) }),
  );
}
