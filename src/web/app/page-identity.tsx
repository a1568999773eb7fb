import { useLingui } from "@lingui/react";
import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { useT } from "../lib/i18n/i18n";

const SITE = "Urithi";
/** What the browser tab says for a screen of this name (the server writes the same into a page it draws). */
export const documentTitle = (screen: string | undefined) =>
  screen ? `${screen} · ${SITE}` : `${SITE} – Cattle Genetics`;
/** How long to wait for a lazily loaded screen's heading before giving up on moving focus to it. */
const HEADING_WAIT_MS = 3000;

/**
 * Each screen's name in the browser tab (and in a screen reader's announcement), and, after an in-app
 * navigation, focus on the new screen's heading so keyboard and screen-reader users start there instead
 * of on a link that no longer exists. The first load leaves focus where the browser put it.
 */
export function PageIdentity({ titleOf }: { titleOf: (path: string) => string | undefined }) {
  const [location] = useLocation();
  const { i18n } = useLingui();
  const title = titleOf(location);
  // Renamed on navigation and when the language changes (titleOf reads the current language).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale changes what titleOf answers
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title, i18n.locale]);

  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The screen may still be loading its code: look for its heading until it shows.
    const started = Date.now();
    let frame = 0;
    const focusHeading = () => {
      // While the new screen loads, React keeps the old one in the page, hidden: skip hidden headings.
      const heading = [...document.querySelectorAll<HTMLElement>("h1")].find((h) => h.checkVisibility());
      if (heading) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      }
      if (document.activeElement !== heading && Date.now() - started < HEADING_WAIT_MS) {
        frame = requestAnimationFrame(focusHeading);
      }
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [location]);
  return null;
}

/** "Skip to content": the first thing a keyboard reaches on every page; every screen's <main> is #main. */
export function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main"
      className="sr-only z-[200] rounded-md bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
    >
      {t("skip.toContent")}
    </a>
  );
}
