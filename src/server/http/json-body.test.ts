import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { t, withTestApp } from "../testing/app-session";
import { MAX_JSON_DEPTH, nestedDeeperThan, TOO_DEEP_MESSAGE } from "./json-body";

withTestApp({ seed: false, listen: true });

const nested = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;

describe("nesting", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(nestedDeeperThan("[[[]]]", 3)).toBe(false);
    expect(nestedDeeperThan("[[[[]]]]", 3)).toBe(true);
    expect(nestedDeeperThan(`{"a":"[[[[[[[[","b":"\\"[[[["}`, 1)).toBe(false);
    expect(nestedDeeperThan(`[{"a":[{}]}]`, 3)).toBe(true);
  });

  it("answers a body nested past the limit with 400 before parsing it, and parses one at the limit", async () => {
    for (const payload of [
      "[".repeat(100_000) + "]".repeat(100_000),
      nested(50_000),
      nested(MAX_JSON_DEPTH + 1),
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: "VALIDATION_ERROR",
        message: TOO_DEEP_MESSAGE,
        fields: { body: TOO_DEEP_MESSAGE },
      });
    }
    const atLimit = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: `{"username":"a@b.co","password":"x","extra":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(atLimit.json().error.message).not.toBe(TOO_DEEP_MESSAGE);
    expect(atLimit.statusCode).toBeLessThan(500);
  });

  it("still refuses __proto__ keys", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"username":"a@b.co","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });
});

/** Sends raw HTTP on one socket and answers everything it reads until `until` matches or it closes. */
function exchange(port: number, send: (socket: ReturnType<typeof connect>) => void, until: RegExp) {
  return new Promise<{ text: string; error: string | null }>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let error: string | null = null;
    socket.on("data", (d) => {
      text += d;
      if (until.test(text)) socket.end();
    });
    socket.on("error", (e) => {
      error = e.message;
    });
    socket.on("close", () => resolve({ text, error }));
    send(socket);
  });
}

describe("a body over the limit", () => {
  it("answers 413 to a client still sending 20 MB, and the same connection serves the next request", async () => {
    const port = Number(new URL(t.baseUrl!).port);
    const size = 20 * 1024 * 1024;
    const chunk = Buffer.alloc(256 * 1024, "a");
    const { text, error } = await exchange(
      port,
      (socket) => {
        socket.write(
          `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
        );
        let sent = 0;
        const pump = () => {
          while (sent < size) {
            const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
            sent += piece.length;
            if (!socket.write(piece)) return void socket.once("drain", pump);
          }
          socket.write("GET /api/health/live HTTP/1.1\r\nHost: x\r\n\r\n");
        };
        pump();
      },
      /"status":"ok"/,
    );
    expect(error).toBeNull();
    expect(text).toMatch(/^HTTP\/1\.1 413 Payload Too Large/);
    expect(text).toContain('{"error":{"code":"VALIDATION_ERROR","message":"Request body is too large"}}');
    expect(text).toMatch(/HTTP\/1\.1 200 OK[\s\S]*\{"status":"ok"\}/);
  });
});
