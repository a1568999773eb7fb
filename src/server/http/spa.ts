import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { ApiError } from "../../contract/errors";

/**
 * A path the SPA's router may own: not the API, not a built asset, not a file by its extension. A missing
 * script must be a real 404 (a stale tab then knows to reload), not the index page sent as JavaScript.
 */
export const isScreenPath = (url: string) =>
  !url.startsWith("/api/") && url !== "/api" && !url.startsWith("/assets/") && !/\.[a-z0-9]+$/i.test(url);

/**
 * Serves the built web app, with the Brotli and gzip files the build wrote beside each asset. Unknown API
 * paths, assets and files answer a JSON 404; any other unknown GET gets index.html so the SPA's router can
 * show its own 404 page.
 */
export async function registerSpa(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const hasWeb = webRoot !== null && existsSync(path.join(webRoot, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: "index.html",
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0]!;
    if (isScreenPath(url) && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
      reply.header("cache-control", "no-cache");
      return reply.type("text/html").sendFile("index.html");
    }
    const body: ApiError = { error: { code: "NOT_FOUND", message: `No route ${request.method} ${url}` } };
    return reply.status(404).send(body);
  });
}
