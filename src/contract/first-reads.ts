import type { Language } from "./languages";
import { urlFromQueryKey } from "./query-url";
import type { Permission } from "./roles";

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

/** A query key as the web app writes it: the API path and, for a list, its parameters. */
export type ReadKey = readonly [path: string, params?: Readonly<Record<string, string | number>>];

/** One read a staff screen makes as it opens: its query key, and the permission it is made under. */
export type StaffRead = readonly [key: ReadKey, permission: Permission];

/** The staff shell's: storage alarms, for those who watch the store. */
const shellReads: readonly StaffRead[] = [
  [["/api/alerts/temperature"], "storage"],
  [["/api/storage/alerts", { view: "open", limit: 100, offset: 0 }], "storage"],
];

/**
 * The API reads a staff screen makes as it opens. On a first visit the server answers them inside the page
 * and draws the screen from them, as for client screens (decision 43). A page the installed app's worker
 * answers from its copy has neither: there an inline script in index.html starts the reads the person may
 * make while the screen's code loads (decision 42). Either way the web app puts each answer in its query
 * cache under the screen's key (web/lib/first-answers.ts). An e2e test checks that each screen asks for
 * exactly these, once.
 */
export const staffScreenReads: Readonly<Record<string, readonly StaffRead[]>> = {
  "/dashboard": [
    [["/api/dashboard/metrics"], "dashboard"],
    [["/api/storage/alerts", { view: "open", limit: 20, offset: 0 }], "storage"],
    [["/api/orders/recent"], "dashboard"],
    [["/api/inventory/status"], "dashboard"],
    [["/api/storage/conditions"], "storage"],
    [["/api/breeding/metrics"], "dashboard"],
    [["/api/etims/summary"], "finance"],
    [["/api/ussd/summary"], "dashboard"],
    [
      ["/api/callback-requests", { view: "open", sort: "createdAt", order: "asc", limit: 5, offset: 0 }],
      "customers:write",
    ],
    [["/api/dashboard/sales-trend", { range: "6m" }], "finance"],
    ...shellReads,
  ],
  "/orders": [
    [["/api/orders", { sort: "orderDate", order: "desc", limit: 51, offset: 0 }], "orders:read"],
    [["/api/orders/summary"], "orders:read"],
    ...shellReads,
  ],
  "/financial": [
    [["/api/receivables/aged", { limit: 51, offset: 0 }], "finance"],
    [["/api/financial"], "finance"],
    [["/api/transactions", { sort: "date", order: "desc", limit: 51, offset: 0 }], "finance"],
    ...shellReads,
  ],
};

/** One of a staff screen's first reads: its query key, the URL it is asked at, and the permission it needs. */
export interface StaffReadAt {
  key: ReadKey;
  url: string;
  needs: Permission;
}

/** The first reads of the staff screen at `path` (none for any other path), each with its URL. */
export const staffReadsAt = (path: string): StaffReadAt[] =>
  (staffScreenReads[path] ?? []).map(([key, needs]) => ({ key, url: urlFromQueryKey(key), needs }));

/** Those of them that a person with `permissions` may make. */
export const staffReadsFor = (path: string, permissions: readonly string[]): StaffReadAt[] =>
  staffReadsAt(path).filter((read) => permissions.includes(read.needs));

/**
 * Set on the page's `<html>` when the server answered the staff screen's reads in it: index.html's inline
 * script then starts none of them.
 */
export const STAFF_READS_ANSWERED = "data-staff-reads";

/** Where the inline script leaves those reads for the API client: `{ path, reads: { [url]: Promise } }`. */
export const EARLY_READS_GLOBAL = "__urithiEarlyReads";

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
 * The server's drawing of public and client screens, and of the staff screens above (web/entry-server.tsx,
 * built apart and loaded by the server when present): the screen's HTML as the browser would first render
 * it from the same answers and language, a redirect the screen asked for, or null where the browser must
 * draw it itself.
 */
export type Drawing = { html: string; title: string } | { redirect: string } | null;

export interface ScreenDrawer {
  prepareDrawing(): Promise<void>;
  drawsScreen(path: string): boolean;
  draw(page: { url: string; answers: readonly FirstAnswer[]; language: Language }): Drawing;
}
