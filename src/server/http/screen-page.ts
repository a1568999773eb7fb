import type { FastifyRequest } from "fastify";
import { type Drawing, STAFF_READS_ANSWERED } from "../../contract/first-reads";
import { isLanguage, LANGUAGE_COOKIE, type Language, manifestPaths } from "../../contract/languages";
import { escapeHtml } from "./escape-html";

/**
 * The language to draw a page in: the one the browser last showed (its cookie), else Kiswahili when the
 * browser asks for it at all, as the web app's own first choice does (initialLanguage).
 */
export function pageLanguage(request: FastifyRequest): Language {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  const asked = (request.headers["accept-language"] ?? "").split(",");
  return asked.some((l) => l.trim().toLowerCase().startsWith("sw")) ? "sw" : "en";
}

/**
 * index.html with the page's answers at the end of its body (the head's script and preload tags reach the
 * browser first, and module scripts run only once the page is parsed), and, when the server drew the
 * screen, its HTML in the root element (inert until the browser has taken it over: see App's TakenOver),
 * its title and its language. The installable app's manifest is the one in the page's language. A page
 * carrying a staff screen's reads is marked, so index.html's inline script does not start them again.
 */
export function screenPage(
  html: string,
  page: {
    block: string;
    drawing: Exclude<Drawing, { redirect: string }>;
    language: Language;
    staffReads?: boolean;
  },
): string {
  let out = html.includes("</body>")
    ? html.replace("</body>", () => `${page.block}</body>`)
    : html + page.block;
  out = out.replace(`href="${manifestPaths.en}"`, () => `href="${manifestPaths[page.language]}"`);
  const drawing = page.drawing;
  if (drawing) {
    out = out
      .replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(drawing.title)}</title>`)
      .replace('<div id="root"></div>', () => `<div id="root" inert>${drawing.html}</div>`);
  }
  // After the language, which is matched as the tag's first attribute.
  if (page.staffReads) out = out.replace(/<html\b/, `<html ${STAFF_READS_ANSWERED}`);
  return out;
}
