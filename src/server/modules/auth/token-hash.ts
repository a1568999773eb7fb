import { createHash } from "node:crypto";

/**
 * What is stored of a bearer secret (a session cookie, a one-time link, a passkey challenge's handle): its
 * SHA-256 in hex, so a copy of the database lets nobody in.
 */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
