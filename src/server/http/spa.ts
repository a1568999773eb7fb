import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { ApiError } from "../../contract/errors";
import { firstAnswersBlock, withFirstAnswers } from "./first-answers";

/**
 * A path the SPA's router may own: not the API, not a built asset, not a file by its extension. A missing
 * script must be a real 404 (a stale tab then knows to reload), not the index page sent as JavaScript.
 */
export const isScreenPath = (url: string) =>
  !url.startsWith("/api/") && url !== "/api" && !url.startsWith("/assets/") && !/\.[a-z0-9]+$/i.test(url);

/**
 * Serves the built web app, with the Brotli and gzip files the build wrote beside each asset. Unknown API
 * paths, assets and files answer a JSON 404; any other GET gets index.html, carrying the session and the
 * screen's first reads (first-answers.ts), so the SPA's router can show the screen or its own 404 page.
 */
export async function registerSpa(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const indexFile = webRoot === null ? null : path.join(webRoot, "index.html");
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, "utf8") : null;
  if (webRoot && indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      // "/" is a screen like any other: it gets the page with its answers, below.
      index: false,
      allowedPath: (pathname) => pathname !== "/",
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0]!;
    if (isScreenPath(url) && indexHtml !== null && (request.method === "GET" || request.method === "HEAD")) {
      // The page may carry this visitor's session: never kept by a shared cache, always asked for again.
      reply.header("cache-control", "private, no-cache");
      reply.type("text/html; charset=utf-8");
      if (request.method === "HEAD") return indexHtml;
      return withFirstAnswers(indexHtml, await firstAnswersBlock(app, request));
    }
    const body: ApiError = { error: { code: "NOT_FOUND", message: `No route ${request.method} ${url}` } };
    return reply.status(404).send(body);
  });
}
