import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { startServer } from "../e2e/support/global-setup";

/**
 * SIGTERM drains: readiness says no at once while requests are still served, a request in flight (its body
 * still arriving) is answered, then the server stops accepting and the process exits 0.
 */
describe("a shutdown", () => {
  it("answers what is in flight, says not ready while draining, then exits cleanly", async () => {
    const server = await startServer({ DRAIN_SECONDS: "1" });
    const { port } = new URL(server.baseUrl);
    const body = JSON.stringify({ email: "client@urithi.co.ke", password: "not-the-password" });
    const socket = connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (d) => {
      answer += d;
    });
    const closed = new Promise((r) => socket.on("close", r));
    socket.write(
      `POST /api/client-login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    socket.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 200));

    process.kill(server.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${server.baseUrl}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).error.message).toBe("Not ready: shutting down");
    const live = await fetch(`${server.baseUrl}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get("connection")).toBe("close");

    // The rest of the body comes after the drain has ended and the server has begun closing.
    await new Promise((r) => setTimeout(r, 1200));
    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 401 Unauthorized/);
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.baseUrl}/api/health/live`)).rejects.toThrow();
    await server.stop();
  });
});
