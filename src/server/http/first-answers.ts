import type { FastifyInstance, FastifyRequest } from "fastify";
import type { MeResponse } from "../../contract/auth";
import {
  FIRST_ANSWERS_ID,
  type FirstAnswer,
  SESSION_READ,
  screenReads,
  staffReadsFor,
  staffScreenReads,
} from "../../contract/first-reads";
import { LIST_TOTAL_HEADER } from "../../contract/list-total";

/**
 * The session and the screen's first reads, asked of the API itself (same checks, limits, caches and
 * JSON as if the browser had asked): as answers to draw the screen from, and as the JSON data block the
 * page carries for the browser. A staff screen's reads are asked once the session has said who is signed
 * in, only those their permissions allow (`staffReads` says the page carries them). Reads that did not
 * answer 200 (or 401 for the session) are left out: the browser asks for those itself.
 *
 * A filtered address (`/shop?breed=…`, `/orders?page=2`) reads a different URL than the screen's plain one,
 * so only the session comes with it.
 */
export async function firstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ answers: FirstAnswer[]; block: string; staffReads: boolean }> {
  const [path = "/", query] = request.url.split("?");
  const ask = async (url: string) => {
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
    const answer: FirstAnswer = {
      url,
      status: res.statusCode,
      total: typeof total === "string" ? total : null,
      body: res.json(),
    };
    const json = `{"url":${JSON.stringify(url)},"status":${answer.status},"total":${JSON.stringify(answer.total)},"body":${res.body}}`;
    return { answer, json };
  };
  const [session = null, ...screen] = await Promise.all(
    [SESSION_READ, ...(query ? [] : (screenReads[path] ?? []))].map(ask),
  );
  const user = session?.answer.status === 200 ? (session.answer.body as MeResponse).user : null;
  const staffReads = !query && user !== null && user.role !== "client" && path in staffScreenReads;
  const staff = staffReads
    ? await Promise.all(staffReadsFor(path, user.permissions).map((r) => ask(r.url)))
    : [];
  const kept = [session, ...screen, ...staff].filter((a) => a !== null);
  const json = `[${kept.map((a) => a.json).join(",")}]`;
  return {
    answers: kept.map((a) => a.answer),
    block: `<script type="application/json" id="${FIRST_ANSWERS_ID}">${escapeForScriptElement(json)}</script>`,
    staffReads,
  };
}

/**
 * JSON inside a `<script>` element ends at the first `</script` whatever the quotes say, and `<!--` changes
 * how the HTML parser reads the rest. In JSON a `<` can only stand inside a string, where `\u003c` means
 * the same character.
 */
export const escapeForScriptElement = (json: string) => json.replaceAll("<", "\\u003c");
