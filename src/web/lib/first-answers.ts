import { FIRST_ANSWERS_ID, type FirstAnswer } from "../../contract/first-reads";
import { LIST_TOTAL_HEADER } from "../../contract/list-total";
import { whenIdle } from "./idle";
import { offlineDataCache } from "./storage-keys";

/**
 * The answers the server wrote into the page for its session and first reads (contract/first-reads.ts).
 * Each is used once, by the first query that asks for its URL; later reads go to the network as usual.
 */
const answers = new Map<string, FirstAnswer>(
  readBlock().map((answer): [string, FirstAnswer] => [answer.url, answer]),
);

function readBlock(): FirstAnswer[] {
  const text =
    typeof document === "undefined" ? null : document.getElementById(FIRST_ANSWERS_ID)?.textContent;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as FirstAnswer[]) : [];
  } catch {
    return [];
  }
}

/** The page's own answer for `url`, taken so that it serves only the first read. */
export function takeFirstAnswer(url: string): FirstAnswer | undefined {
  const answer = answers.get(url);
  if (!answer) return undefined;
  answers.delete(url);
  if (answer.status === 200) whenIdle(() => keepForOffline(answer));
  return answer;
}

/**
 * The service worker keeps the client's reads for offline use as the network answers them; an answer that
 * came in the page never passed through it, so it is put in the same cache here.
 */
function keepForOffline(answer: FirstAnswer): void {
  if (typeof caches === "undefined") return;
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (answer.total !== null) headers[LIST_TOTAL_HEADER] = answer.total;
  const response = new Response(JSON.stringify(answer.body), { status: 200, headers });
  void caches
    .open(offlineDataCache)
    .then((cache) => cache.put(new URL(answer.url, window.location.origin).href, response))
    .catch(() => undefined);
}
