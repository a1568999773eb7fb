import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import type { MeResponse } from "../contract/auth";
import {
  type Drawing,
  type FirstAnswer,
  type ScreenDrawer,
  SESSION_READ,
  staffScreenReads,
} from "../contract/first-reads";
import type { Language } from "../contract/languages";
import { roleLabels, rolePermissions } from "../contract/roles";
import { App } from "./app/App";
import { documentTitle } from "./app/page-identity";
import { covers, loadStaffScreen, publicRoutes, routeTitle, staffRoutes } from "./app/routes";
import { seedFirstAnswers } from "./lib/first-answers";
import { loadLanguage, switchLanguage } from "./lib/i18n/i18n";
import { newQueryClient } from "./lib/query-client";

/*
 * The server's drawing of a public or client screen, or of a staff screen whose first reads it answers, so
 * the screen shows as soon as the page and its styles arrive instead of after the scripts
 * (docs/decisions/0022-server-drawn-screens.md, 0043-staff-screens-drawn.md). The browser then takes the
 * drawing over (hydration) from the same answers, in the same language.
 */

const example = (pattern: string) => pattern.replace(/:[^/]+/g, "1");

/** A director's session: every staff screen the server draws renders in full for it. */
const director: MeResponse = {
  user: {
    id: 0,
    email: null,
    firstName: "",
    lastName: "",
    role: "director",
    roleLabel: roleLabels.director,
    farmName: null,
    phone: null,
    phoneVerified: false,
    phoneOnly: false,
    location: null,
    language: "en",
    notifyBy: "email",
    permissions: [...rolePermissions.director],
  },
};
const signedIn: FirstAnswer[] = [{ url: SESSION_READ, status: 200, total: null, body: director }];

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Loads both languages and every public and client screen's code. React resolves a lazily loaded screen the
 * first time it renders it, so each is rendered once here; from then on a page renders in one synchronous
 * pass, and two pages in different languages can never interleave.
 */
export async function prepareDrawing(): Promise<void> {
  await Promise.all([loadLanguage("en"), loadLanguage("sw"), ...publicRoutes.map((r) => r.load())]);
  for (const route of publicRoutes) draw({ url: example(route.path), answers: [], language: "en" });
  await tick();
}

let staffPrepared: Promise<void> | undefined;
let staffReady = false;

/**
 * The same for the staff shell and the staff screens the server draws, the first time one is asked for: a
 * server that only farmers have visited since it started does not hold their code (about 6 MB). Each is
 * rendered as a director until it draws: the shell, then the screen inside it, one lazy part after the other.
 */
export function prepareStaffDrawing(): Promise<void> {
  staffPrepared ??= (async () => {
    const screens = staffRoutes.filter((r) => r.paths.some((path) => path in staffScreenReads));
    await Promise.all([loadStaffScreen(), ...screens.map((r) => r.load())]);
    for (const url of Object.keys(staffScreenReads)) {
      for (let tries = 0; tries < 3 && draw({ url, answers: signedIn, language: "en" }) === null; tries++) {
        await tick();
      }
    }
    staffReady = true;
  })().catch(() => {
    // Code that will not load leaves these screens to the browser, as before they were drawn here.
  });
  return staffPrepared;
}

/**
 * Whether the server draws the screen at this path: the public and client screens, and the staff screens
 * whose first reads it answers (contract/first-reads.ts) once their code is in (until then the browser
 * draws them), not the rest of the back office.
 */
export function drawsScreen(path: string): boolean {
  if (path in staffScreenReads) {
    void prepareStaffDrawing();
    return staffReady;
  }
  return publicRoutes.some((r) => covers(r.path, path));
}

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
  const [path = "/", search = ""] = url.split("?");
  seedFirstAnswers(client, answers, path);
  switchLanguage(language);
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
