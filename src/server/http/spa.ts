import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { ApiError } from "../../contract/errors";
import type { ScreenDrawer } from "../../contract/first-reads";
import { firstAnswers } from "./first-answers";
import { pageLanguage, screenPage } from "./screen-page";

/**
 * A path the SPA's router may own: not the API, not a built asset, not a file by its extension. A missing
 * script must be a real 404 (a stale tab then knows to reload), not the index page sent as JavaScript.
 */
export const isScreenPath = (url: string) =>
  !url.startsWith("/api/") && url !== "/api" && !url.startsWith("/assets/") && !/\.[a-z0-9]+$/i.test(url);

/** The server's build of the screens (`vite build --ssr`), beside the web build, when it was built. */
async function loadDrawer(webRoot: string): Promise<ScreenDrawer | null> {
  const file = path.join(webRoot, "..", "ssr", "entry-server.js");
  if (!existsSync(file)) return null;
  const { drawer } = (await import(pathToFileURL(file).href)) as { drawer: ScreenDrawer };
  await drawer.prepareDrawing();
  return drawer;
}

/**
 * Serves the built web app, with the Brotli and gzip files the build wrote beside each asset. Unknown API
 * paths, assets and files answer a JSON 404. Any other GET gets index.html carrying the session and the
 * screen's first reads (first-answers.ts) and, for a public, client or first staff screen, the server's
 * drawing of it from those answers (screen-page.ts); the SPA's router shows the screen or its own 404 page.
 */
export async function registerSpa(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const indexFile = webRoot === null ? null : path.join(webRoot, "index.html");
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, "utf8") : null;
  // The drawing's code loads beside the rest of the start (about 350 ms of it on PostgreSQL), so the API
  // answers without waiting for it; a page asked for sooner waits for it, and is drawn all the same.
  const drawerLoad =
    webRoot && indexHtml !== null
      ? loadDrawer(webRoot).catch((error: unknown) => {
          app.log.error(
            { err: error },
            "the server's drawing of screens did not load: the browser draws them",
          );
          return null;
        })
      : Promise.resolve(null);
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
      const { answers, block, staffReads } = await firstAnswers(app, request);
      const language = pageLanguage(request);
      const drawer = await drawerLoad;
      const drawing = drawer?.drawsScreen(url) ? drawer.draw({ url: request.url, answers, language }) : null;
      if (drawing && "redirect" in drawing) return reply.redirect(drawing.redirect, 302);
      return screenPage(indexHtml, { block, drawing, language, staffReads });
    }
    const body: ApiError = { error: { code: "NOT_FOUND", message: `No route ${request.method} ${url}` } };
    return reply.status(404).send(body);
  });
}
