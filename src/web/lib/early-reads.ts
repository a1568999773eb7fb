import { EARLY_READS_GLOBAL, type FirstAnswer } from "../../contract/first-reads";
import { LIST_TOTAL_HEADER } from "../../contract/list-total";

/** A read's answer as the page got it, as an answer in the page would be: the JSON only for a 200. */
export type EarlyAnswer = Omit<FirstAnswer, "url">;

/**
 * What index.html's inline script leaves: the path it ran for and each read it started (null where the
 * network failed). The first look turns each into its answer, read once (a response's body can be).
 */
interface EarlyReads {
  path: string;
  reads: Record<string, Promise<Response | null>>;
  answers?: Map<string, Promise<EarlyAnswer | null>>;
}

const slot = () => window as unknown as Record<string, EarlyReads | undefined>;

async function answerOf(response: Response | null): Promise<EarlyAnswer | null> {
  if (!response) return null;
  const body = response.status === 200 ? await response.json().catch(() => undefined) : undefined;
  return { status: response.status, body, total: response.headers.get(LIST_TOTAL_HEADER) };
}

/**
 * The reads started with the page, while they may still be used: on the screen they were started for, and
 * before anything was written. Leaving the screen drops them, so a screen opened later never shows figures
 * from before what was done in between.
 */
export function earlyAnswers():
  | { path: string; answers: Map<string, Promise<EarlyAnswer | null>> }
  | undefined {
  if (typeof window === "undefined") return undefined;
  const early = slot()[EARLY_READS_GLOBAL];
  if (!early) return undefined;
  if (window.location.pathname !== early.path) {
    dropEarlyReads();
    return undefined;
  }
  early.answers ??= new Map(Object.entries(early.reads).map(([url, read]) => [url, read.then(answerOf)]));
  return { path: early.path, answers: early.answers };
}

/** Forgets every read the script started: after a write or a sign-out, none of them can be trusted. */
export function dropEarlyReads(): void {
  if (typeof window !== "undefined") delete slot()[EARLY_READS_GLOBAL];
}

/** The answer started with the page for `url`, once: any later ask goes to the network. */
export function takeEarlyRead(url: string): Promise<EarlyAnswer | null> | undefined {
  const answers = earlyAnswers()?.answers;
  const answer = answers?.get(url);
  answers?.delete(url);
  return answer;
}
