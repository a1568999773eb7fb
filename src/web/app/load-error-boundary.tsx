import { WifiOff } from "lucide-react";
import { Component, type ReactNode } from "react";
import { Button } from "../components/ui/button";

/** When the page last reloaded itself to fetch a missing script; kept for this tab only. */
const RELOADED_AT = "urithi:chunk-reload-at";
/** One automatic reload per this long: a second failure soon after shows the retry screen instead. */
const RELOAD_WINDOW_MS = 60_000;

/** A screen's script could not be fetched: the network dropped, or a release replaced it. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk/i.test(
    text,
  );
}

function reloadedRecently(): boolean {
  const at = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  return Date.now() - at < RELOAD_WINDOW_MS;
}

/**
 * Catches a screen that fails to load or render. A missing script reloads the page once (a release since
 * the tab opened is the usual cause, and the reload fetches the new index); after that, or for any other
 * failure, it says so in plain words with a Try again button, instead of leaving a blank page.
 */
export class LoadErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error) && !reloadedRecently()) {
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      window.location.reload();
    }
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const offline = isChunkLoadError(this.state.error);
    return (
      <main id="main" tabIndex={-1} className="flex min-h-screen items-center justify-center p-6">
        <div className="max-w-sm space-y-4 text-center" role="alert">
          <WifiOff className="mx-auto h-10 w-10 text-gray-400" aria-hidden />
          <h1 className="text-xl font-bold">
            {offline ? "This page could not load" : "Something went wrong"}
          </h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {offline
              ? "Your connection may have dropped, or Urithi was just updated. Check your connection and try again."
              : "Please try again. If it keeps happening, tell us what you were doing."}
          </p>
          <Button onClick={() => window.location.reload()}>Try again</Button>
        </div>
      </main>
    );
  }
}
