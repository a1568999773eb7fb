import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { USSD_SCREEN_MAX } from "../../../contract/ussd";

export const TEST_USSD_SECRET = "ussd-test-secret-0123456789";

/** Every answer the tests were given, for the 182-character check over all of them. */
export const answersSeen: string[] = [];

/** One callback as Africa's Talking posts it; every answer is a screen of at most 182 characters. */
export async function postUssd(
  app: FastifyInstance,
  fields: { sessionId: string; phoneNumber: string; text: string },
  secret = TEST_USSD_SECRET,
) {
  const res = await app.inject({
    method: "POST",
    url: `/api/ussd?secret=${encodeURIComponent(secret)}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ serviceCode: "*384*22#", networkCode: "63902", ...fields }).toString(),
  });
  return res;
}

/**
 * A farmer's phone in one USSD session: `dial()` opens it, each `press(input)` sends what was typed with
 * every earlier input before it, joined by `*`, as the provider does. `on` picks the instance of a step.
 */
export function phoneSession(phoneNumber: string, app: () => FastifyInstance) {
  const sessionId = `ATUid_${randomUUID()}`;
  let text = "";
  const send = async (on: FastifyInstance) => {
    const res = await postUssd(on, { sessionId, phoneNumber, text });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^(CON|END) /);
    expect(res.body.length, res.body).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    answersSeen.push(res.body);
    return res.body;
  };
  return {
    sessionId,
    get text() {
      return text;
    },
    dial: (on = app()) => send(on),
    press: (input: string, on = app()) => {
      text = text === "" ? input : `${text}*${input}`;
      return send(on);
    },
    /** The same callback again, as a provider retries it. */
    again: (on = app()) => send(on),
  };
}
