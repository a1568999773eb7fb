import type { QueryClient } from "@tanstack/react-query";
import {
  FIRST_ANSWERS_ID,
  type FirstAnswer,
  SESSION_READ,
  staffReadsAt,
  staffScreenReads,
} from "../../contract/first-reads";
import { LIST_TOTAL_HEADER } from "../../contract/list-total";
import { withListTotal } from "./api";
import { earlyAnswers, takeEarlyRead } from "./early-reads";
import { whenIdle } from "./idle";
import { offlineDataCache } from "./storage-keys";

/** The answers the server wrote into the page for its session and first reads (contract/first-reads.ts). */
export function readFirstAnswers(): FirstAnswer[] {
  const text = document.getElementById(FIRST_ANSWERS_ID)?.textContent;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as FirstAnswer[]) : [];
  } catch {
    return [];
  }
}

/**
 * The query key of each read a screen at `path` makes first, by URL: a staff screen's list reads carry their
 * parameters in the key; any other read is keyed by its URL alone.
 */
function keysByUrl(path: string): (url: string) => readonly unknown[] {
  const keys = new Map<string, readonly unknown[]>(staffReadsAt(path).map((read) => [read.url, read.key]));
  return (url) => keys.get(url) ?? [url];
}

/**
 * Puts the answers in the query cache under the keys the screen at `path` reads them by, before the first
 * render: the browser then draws, or takes over the server's drawing of, the same screen from the same data,
 * and asks the API for none of it.
 */
export function seedFirstAnswers(client: QueryClient, answers: readonly FirstAnswer[], path: string): void {
  const keyOf = keysByUrl(path);
  for (const answer of answers) cacheAnswer(client, keyOf(answer.url), answer);
}

/**
 * Puts an answer in the cache under `key` when a screen may take it as it is: a 200, or the session's 401
 * (signed out). Anything else the screen asks for itself. Says whether it did.
 */
function cacheAnswer(client: QueryClient, key: readonly unknown[], answer: FirstAnswer): boolean {
  if (answer.status === 200) client.setQueryData(key, withListTotal(answer.body, answer.total));
  else if (answer.status === 401 && answer.url === SESSION_READ) client.setQueryData(key, null);
  else return false;
  return true;
}

/**
 * The service worker keeps the client's reads for offline use as the network answers them; answers that
 * came in the page never passed through it, so they are put in the same cache once the browser is idle.
 */
export function keepFirstAnswersOffline(answers: readonly FirstAnswer[]): void {
  // A staff screen's reads are the office's, not the farmer's offline copy.
  if (typeof caches === "undefined" || window.location.pathname in staffScreenReads) return;
  whenIdle(() => {
    void caches
      .open(offlineDataCache)
      .then((cache) =>
        Promise.all(
          answers
            .filter((a) => a.status === 200)
            .map((a) => {
              const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
              if (a.total !== null) headers[LIST_TOTAL_HEADER] = a.total;
              const url = new URL(a.url, window.location.origin).href;
              return cache.put(url, new Response(JSON.stringify(a.body), { status: 200, headers }));
            }),
        ),
      )
      .catch(() => undefined);
  });
}

/**
 * Puts each answer a staff screen's reads got from index.html's script (contract/first-reads.ts) in the query
 * cache under the screen's key as it arrives, unless the screen has already asked for it: the screen then
 * draws with its data on its first render, instead of a skeleton and a second render.
 */
export function seedEarlyAnswers(client: QueryClient): void {
  const early = earlyAnswers();
  if (!early) return;
  const keyOf = keysByUrl(early.path);
  for (const [url, pending] of early.answers) {
    void pending.then((answer) => {
      // Taken by the screen, dropped after a write, or left behind: the cache is not touched.
      if (!answer || earlyAnswers()?.answers.get(url) !== pending) return;
      if (cacheAnswer(client, keyOf(url), { ...answer, url })) takeEarlyRead(url);
    });
  }
}
