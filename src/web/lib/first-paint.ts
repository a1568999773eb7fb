import { useDeferredValue } from "react";

/**
 * True on a part's first render, wherever it happens: drawn by the server, taken over by the browser, or
 * opened from the menu. False from React's next render, which it does in the background once the first is
 * on screen. A first render leaves out what the first look at a screen does without: a long list's rows
 * below the fold, a chart under the figures.
 */
export function useBeforeFirstPaint(): boolean {
  return useDeferredValue(false, true);
}
