import type { Language } from "./languages";

/**
 * The API reads a public or client screen makes as it opens, beside the session (plain data, no Zod: the
 * web entry reads it). The web asks for them with the screen's code; the server answers them inside the
 * HTML of a first visit, so a phone on a 400 ms link waits for no round trip before it can draw the screen.
 */
export const SESSION_READ = "/api/auth/me";

export const screenReads: Readonly<Record<string, readonly string[]>> = {
  "/home": ["/api/client/products"],
  "/shop": ["/api/catalogue", "/api/catalogue/breeds"],
  "/client-orders": ["/api/client/products"],
};

/** The id of the `<script type="application/json">` element that carries the answers in the page. */
export const FIRST_ANSWERS_ID = "first-answers";

/** One read answered in the page: its status, its JSON body and, for a list, its total. */
export interface FirstAnswer {
  url: string;
  status: number;
  total: string | null;
  body: unknown;
}

/**
 * The server's drawing of public and client screens (web/entry-server.tsx, built apart and loaded by the
 * server when present): the screen's HTML as the browser would first render it from the same answers and
 * language, a redirect the screen asked for, or null where the browser must draw it itself.
 */
export type Drawing = { html: string; title: string } | { redirect: string } | null;

export interface ScreenDrawer {
  prepareDrawing(): Promise<void>;
  drawsScreen(path: string): boolean;
  draw(page: { url: string; answers: readonly FirstAnswer[]; language: Language }): Drawing;
}
