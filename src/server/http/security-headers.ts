import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

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
 * Security headers on every response: a strict CSP (scripts only from here, the inline theme
 * script by hash), no framing, no sniffing, a strict referrer policy, HSTS in production; and
 * API answers are never cached, since they carry one person's data.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { webRoot: string | null; production: boolean },
): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
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
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
  });
}
