import { useEffect, useRef } from "react";
import { SESSION_IDLE_MINUTES } from "../../../contract/account-rules";

const ACTIVITY_EVENTS = ["pointerdown", "keydown", "scroll", "touchstart", "mousemove"] as const;

/**
 * Calls `onIdle` once the user has done nothing for the session idle time. The server enforces the same
 * limit; this only makes the screen follow it without waiting for the next request.
 */
export function useIdleTimeout(enabled: boolean, onIdle: () => void, idleMs = SESSION_IDLE_MINUTES * 60_000) {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;

  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    const markActive = () => {
      lastActivity = Date.now();
    };
    const check = () => {
      if (Date.now() - lastActivity >= idleMs) onIdleRef.current();
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, markActive, { passive: true });
    document.addEventListener("visibilitychange", check);
    const timer = window.setInterval(check, 15_000);
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, markActive);
      document.removeEventListener("visibilitychange", check);
      window.clearInterval(timer);
    };
  }, [enabled, idleMs]);
}
