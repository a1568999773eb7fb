import { useDeferredValue, useState } from "react";
import { useHydrated } from "./hydrated";

/**
 * True on the first render of a part that mounts in the browser (a screen opened from the menu), false
 * from React's next render, which it does in the background once that first one is on screen. False while
 * the server draws a page and while the browser takes the drawing over, so both draw the whole part.
 */
export function useBeforeFirstPaint(): boolean {
  const hydrated = useHydrated();
  const [mountedInBrowser] = useState(hydrated);
  const first = useDeferredValue(false, true);
  return mountedInBrowser && first;
}
