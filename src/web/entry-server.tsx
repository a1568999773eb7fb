import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import type { Drawing, FirstAnswer, ScreenDrawer } from "../contract/first-reads";
import type { Language } from "../contract/languages";
import { App } from "./app/App";
import { documentTitle } from "./app/page-identity";
import { publicRoutes, routeTitle } from "./app/routes";
import { seedFirstAnswers } from "./lib/first-answers";
import { loadLanguage, switchLanguage } from "./lib/i18n/i18n";
import { newQueryClient } from "./lib/query-client";

/*
 * The server's drawing of a public or client screen, so a phone shows it as soon as the page and its styles
 * arrive instead of after the scripts (docs/decisions/0022-server-drawn-screens.md). The browser then takes
 * the drawing over (hydration) from the same answers, in the same language.
 */

const example = (pattern: string) => pattern.replace(/:[^/]+/g, "1");

/**
 * Loads both languages and every public screen's code. React resolves a lazily loaded screen the first
 * time it renders it, so each is rendered once here; from then on a page renders in one synchronous pass,
 * and two pages in different languages can never interleave.
 */
export async function prepareDrawing(): Promise<void> {
  await Promise.all([loadLanguage("en"), loadLanguage("sw"), ...publicRoutes.map((r) => r.load())]);
  for (const route of publicRoutes) draw({ url: example(route.path), answers: [], language: "en" });
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Whether the server draws the screen at this path: the public and client screens, not the back office. */
export const drawsScreen = (path: string): boolean =>
  publicRoutes.some((r) => new RegExp(`^${r.path.replace(/:[^/]+/g, "[^/]+")}$`).test(path));

/**
 * The screen at `url` as the browser would first render it from `answers` in `language`: its HTML, a
 * redirect it asked for (a signed-out visitor on a client screen), or null when some part of it could not
 * be drawn synchronously or failed, in which case the browser draws it.
 */
export function draw({
  url,
  answers,
  language,
}: {
  url: string;
  answers: readonly FirstAnswer[];
  language: Language;
}): Drawing {
  const client = newQueryClient();
  seedFirstAnswers(client, answers);
  switchLanguage(language);
  const [path = "/", search = ""] = url.split("?");
  const context: { redirectTo?: string } = {};
  try {
    const html = renderToString(
      <Router ssrPath={path} ssrSearch={search} ssrContext={context}>
        <App client={client} />
      </Router>,
    );
    if (context.redirectTo) return { redirect: context.redirectTo };
    // A boundary that suspended was written as its fallback, marked for the browser to render.
    if (html.includes("<!--$!-->")) return null;
    return { html, title: documentTitle(routeTitle(path)) };
  } catch {
    return null;
  } finally {
    client.clear();
  }
}

export const drawer = { prepareDrawing, drawsScreen, draw } satisfies ScreenDrawer;
