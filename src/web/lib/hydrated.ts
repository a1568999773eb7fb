import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the server draws a page and while the browser takes that drawing over, true otherwise: for
 * a part the server does not draw (a chart's code, which loads after the page has painted), so the first
 * render in the browser matches the drawing and the part comes in the render after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
