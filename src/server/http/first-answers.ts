import type { FastifyInstance, FastifyRequest } from "fastify";
import { FIRST_ANSWERS_ID, SESSION_READ, screenReads } from "../../contract/first-reads";
import { LIST_TOTAL_HEADER } from "../../contract/list-total";

/**
 * The session and the screen's first reads, asked of the API itself (same checks, limits, caches and
 * JSON as if the browser had asked) and written into the page as a JSON data block. Reads that did not
 * answer 200 (or 401 for the session) are left out: the browser asks for those itself.
 *
 * A filtered address (`/shop?breed=…`) reads a different URL than the screen's plain one, so only the
 * session comes with it.
 */
export async function firstAnswersBlock(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const [path, query] = request.url.split("?");
  const reads = [SESSION_READ, ...(query ? [] : (screenReads[path!] ?? []))];
  const answers = await Promise.all(
    reads.map(async (url) => {
      const res = await app.inject({
        method: "GET",
        url,
        headers: {
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
          ...(request.headers["user-agent"] ? { "user-agent": request.headers["user-agent"] } : {}),
        },
        // Counted against the visitor's own address, as their browser's request would have been.
        remoteAddress: request.ip,
      });
      const kept = res.statusCode === 200 || (url === SESSION_READ && res.statusCode === 401);
      if (!kept) return null;
      const total = res.headers[LIST_TOTAL_HEADER.toLowerCase()];
      return `{"url":${JSON.stringify(url)},"status":${res.statusCode},"total":${JSON.stringify(total ?? null)},"body":${res.body}}`;
    }),
  );
  const json = `[${answers.filter((a) => a !== null).join(",")}]`;
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${escapeForScriptElement(json)}</script>`;
}

/**
 * JSON inside a `<script>` element ends at the first `</script` whatever the quotes say, and `<!--` changes
 * how the HTML parser reads the rest. In JSON a `<` can only stand inside a string, where `\u003c` means
 * the same character.
 */
export const escapeForScriptElement = (json: string) => json.replaceAll("<", "\\u003c");

/**
 * The page with the answers at the end of its body: the head's script and preload tags reach the browser
 * first, and module scripts run only once the whole page is parsed, so the answers are there when asked for.
 */
export const withFirstAnswers = (html: string, block: string): string =>
  html.includes("</body>") ? html.replace("</body>", () => `${block}</body>`) : html + block;
