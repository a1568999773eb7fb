import type { QueryClient } from "@tanstack/react-query";
import { FIRST_ANSWERS_ID, type FirstAnswer, SESSION_READ } from "../../contract/first-reads";
import { LIST_TOTAL_HEADER } from "../../contract/list-total";
import { withListTotal } from "./api";
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
 * Puts the answers in the query cache under the keys the screens read them by (a read without parameters
 * is keyed by its URL alone), before the first render: the browser then draws, or takes over the server's
 * drawing of, the same screen from the same data, and asks the API for none of it.
 */
export function seedFirstAnswers(client: QueryClient, answers: readonly FirstAnswer[]): void {
  for (const answer of answers) {
    if (answer.status === 200) client.setQueryData([answer.url], withListTotal(answer.body, answer.total));
    else if (answer.status === 401 && answer.url === SESSION_READ) client.setQueryData([answer.url], null);
  }
}

/**
 * The service worker keeps the client's reads for offline use as the network answers them; answers that
 * came in the page never passed through it, so they are put in the same cache once the browser is idle.
 */
export function keepFirstAnswersOffline(answers: readonly FirstAnswer[]): void {
  if (typeof caches === "undefined") return;
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
