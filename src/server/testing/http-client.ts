import { type Agent, request } from "node:http";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One browser's HTTP to a running server (system tests, the soak bench): keeps its session cookie, and may
 * send from a chosen loopback address (127.0.0.2, 127.0.0.3…), so requests through a proxy on this machine
 * come from different clients, as farmers' phones do. `agent` keeps connections alive between requests.
 */
export function httpClient(baseUrl: string, options: { localAddress?: string; agent?: Agent } = {}) {
  let cookie = "";
  const send = (method: string, path: string, body?: unknown): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const url = new URL(path, baseUrl);
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          hostname: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method,
          localAddress: options.localAddress,
          agent: options.agent ?? false,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(payload
              ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d) => {
            text += d;
          });
          res.on("end", () => {
            const session = (res.headers["set-cookie"] ?? []).find((c) => c.startsWith("urithi_sid="));
            if (session) cookie = session.split(";")[0]!;
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  return {
    send,
    get: (path: string) => send("GET", path),
    post: (path: string, body: unknown) => send("POST", path, body),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;
