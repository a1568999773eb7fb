/** Runs `work` once the browser has nothing more urgent to do (soon after, where it cannot tell). */
export function whenIdle(work: () => void): void {
  if (typeof window !== "undefined" && window.requestIdleCallback) window.requestIdleCallback(work);
  else setTimeout(work, 1);
}
