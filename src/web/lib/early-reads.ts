import { EARLY_READS_GLOBAL } from "../../contract/first-reads";

/** What index.html's inline script leaves: the path it ran for, and each read it started (null: not made). */
interface EarlyReads {
  path: string;
  reads: Record<string, Promise<Response | null>>;
}

const early = (): EarlyReads | undefined =>
  typeof window === "undefined"
    ? undefined
    : ((window as unknown as Record<string, EarlyReads | undefined>)[EARLY_READS_GLOBAL] ?? undefined);

/** Forgets every read the script started: after a write or a sign-out, none of them can be trusted. */
export function dropEarlyReads(): void {
  if (early()) delete (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL];
}

/**
 * The answer the inline script got for `url`, once: the first ask of a staff screen's read takes it, and any
 * later ask goes to the network. Once the person has left the screen it was started for, they are all
 * dropped, so a screen opened later never shows figures from before what was done in between.
 */
export function takeEarlyRead(url: string): Promise<Response | null> | undefined {
  const reads = early();
  if (!reads) return undefined;
  if (window.location.pathname !== reads.path) {
    dropEarlyReads();
    return undefined;
  }
  const read = reads.reads[url];
  delete reads.reads[url];
  return read;
}
