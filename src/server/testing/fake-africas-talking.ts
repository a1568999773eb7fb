import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSms {
  to: string;
  message: string;
  from: string | null;
  idempotencyKey: string | null;
  messageId: string;
}

/**
 * A stand-in for Africa's Talking's SMS API (POST /version1/messaging), for tests: it checks the apiKey
 * header and the username as the real one does, answers in its JSON shape, and honours the idempotency
 * key, so a retried message is delivered (recorded in `delivered`) once. `failNext` makes the next sends
 * fail: a whole-request HTTP status, or a recipient status code such as 403 InvalidPhoneNumber.
 */
export async function startFakeAfricasTalking(credentials: { username: string; apiKey: string }) {
  const delivered: FakeSms[] = [];
  const requests: { idempotencyKey: string | null }[] = [];
  const byKey = new Map<string, FakeSms>();
  const failures: ({ http: number } | { statusCode: number; status: string })[] = [];

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST" || req.url !== "/version1/messaging")
        return send(404, { error: "not found" });
      if (req.headers.apikey !== credentials.apiKey)
        return send(401, { error: "The supplied authentication is invalid" });
      const form = new URLSearchParams(raw);
      if (form.get("username") !== credentials.username) return send(401, { error: "Invalid username" });
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({ idempotencyKey: key });
      const failure = failures.shift();
      if (failure && "http" in failure) return send(failure.http, { error: "Internal server error" });
      const to = form.get("to") ?? "";
      if (failure) {
        return send(201, {
          SMSMessageData: {
            Message: "Sent to 0/1 Total Cost: 0",
            Recipients: [
              {
                statusCode: failure.statusCode,
                number: to,
                status: failure.status,
                cost: "0",
                messageId: "None",
              },
            ],
          },
        });
      }
      let sms = key ? byKey.get(key) : undefined;
      if (!sms) {
        sms = {
          to,
          message: form.get("message") ?? "",
          from: form.get("from"),
          idempotencyKey: key,
          messageId: `ATXid_${randomBytes(8).toString("hex")}`,
        };
        delivered.push(sms);
        if (key) byKey.set(key, sms);
      }
      send(201, {
        SMSMessageData: {
          Message: "Sent to 1/1 Total Cost: KES 0.8000",
          Recipients: [
            { statusCode: 101, number: to, status: "Success", cost: "KES 0.8000", messageId: sms.messageId },
          ],
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    delivered,
    requests,
    failNext: (...next: typeof failures) => failures.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
