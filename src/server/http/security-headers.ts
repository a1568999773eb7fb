import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/** CSP hashes of the inline scripts in the built index.html (the theme script runs before first paint). */
export function inlineScriptHashes(webRoot: string | null): string[] {
  const file = webRoot ? path.join(webRoot, "index.html") : null;
  if (!file || !existsSync(file)) return [];
  const html = readFileSync(file, "utf8");
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash("sha256").update(m[1]!).digest("base64")}'`,
  );
}

/**
 * The headers Helmet sets for these options, worked out once: they are the same on every response, and
 * asking Helmet per request (as @fastify/helmet does) parses the CSP again each time.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What an API answer carries, after OWASP's REST Security Cheat Sheet: a JSON answer is never a page, so it
 * needs no script or referrer rules, only never to be run, framed, sniffed, read cross-origin or cached.
 * Helmet's other headers (opener policy, DNS prefetch, download options, Flash policies, the XSS auditor) act
 * on documents; sending them on every answer cost a third of the header block and their checks on each.
 */
function apiHeaders(production: boolean): Record<string, string> {
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "cross-origin-resource-policy": "same-origin",
    // One person's data: no browser or proxy keeps a copy (the catalogue's reads revalidate instead, etag.ts).
    "cache-control": "no-store",
    ...(production ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** The API's answers, apart from its reference (/api/docs), which is a page. */
const isApiAnswer = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");

/**
 * Security headers on every response: pages get a strict CSP (scripts only from here, the inline theme
 * script by hash), no framing, no sniffing, a strict referrer policy and HSTS in production; API answers get
 * the headers an API needs (apiHeaders). Both sets are worked out once and set in one hook.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { webRoot: string | null; production: boolean },
): Promise<void> {
  const page = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...inlineScriptHashes(options.webRoot)],
        // Radix dialogs inject <style> elements for scroll locking; styles cannot run code.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "media-src": ["'self'", "blob:"],
        "worker-src": ["'self'", "blob:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        ...(options.production ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  const api = apiHeaders(options.production);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? api : page);
    done();
  });
}
