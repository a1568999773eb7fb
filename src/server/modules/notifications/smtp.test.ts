import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReceivedMail, startSmtpServer } from "../../testing/smtp-server";
import { SmtpTransport } from "./smtp";

let port: number;
let received: ReceivedMail[];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ port, received, close } = await startSmtpServer());
});
afterAll(() => close());

describe("email over SMTP", () => {
  it("sends text and HTML with the outbox key as its Message-ID", async () => {
    const smtp = new SmtpTransport(`smtp://127.0.0.1:${port}`, "Urithi Genetics <orders@urithi.co.ke>");
    const sent = await smtp.send({
      recipient: "wanjiru@example.co.ke",
      subject: "Tumepokea agizo lako ORD-2026-000042",
      body: "Habari Wanjiru,\n\nTumepokea agizo lako.",
      html: "<p>Habari Wanjiru,</p><p>Tumepokea agizo lako.</p>",
      idempotencyKey: "0b9e5a0c-5f1c-4c57-9a51-1f1f5f0e2a11",
    });
    expect(sent.providerMessageId).toBe("<0b9e5a0c-5f1c-4c57-9a51-1f1f5f0e2a11@urithi>");
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(["wanjiru@example.co.ke"]);
    expect(mail.from).toBe("orders@urithi.co.ke");
    expect(mail.raw).toContain("Subject: Tumepokea agizo lako ORD-2026-000042");
    expect(mail.raw).toContain("Message-ID: <0b9e5a0c-5f1c-4c57-9a51-1f1f5f0e2a11@urithi>");
    // One email, two bodies: the text for any mail program, the HTML for those that draw it.
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.raw).toMatch(/Content-Type: text\/plain[\s\S]*Tumepokea agizo lako\./);
    expect(mail.raw).toMatch(/Content-Type: text\/html[\s\S]*<p>Habari Wanjiru,<\/p>/);
    smtp.close();
  });

  it("gives up on a mailbox the server refuses for good, and retries when the server is away", async () => {
    const smtp = new SmtpTransport(`smtp://127.0.0.1:${port}`, "orders@urithi.co.ke");
    const message = { subject: "x", body: "x", html: null, idempotencyKey: "k-1" };
    await expect(smtp.send({ ...message, recipient: "nobody@example.co.ke" })).rejects.toMatchObject({
      permanent: true,
    });
    const away = new SmtpTransport("smtp://127.0.0.1:1", "orders@urithi.co.ke");
    await expect(away.send({ ...message, recipient: "wanjiru@example.co.ke" })).rejects.toMatchObject({
      permanent: false,
    });
  });

  it("signs in with the user and password in SMTP_URL", async () => {
    const logins: string[] = [];
    const guarded = new SMTPServer({
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}:${auth.password}`);
        callback(null, { user: auth.username });
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => callback());
      },
    });
    await new Promise<void>((resolve) => guarded.listen(0, "127.0.0.1", resolve));
    const at = (guarded.server.address() as AddressInfo).port;
    const smtp = new SmtpTransport(
      `smtp://orders%40urithi.co.ke:p%40ss%3Aword@127.0.0.1:${at}`,
      "orders@urithi.co.ke",
    );
    expect(smtp.name).toBe(`SMTP (127.0.0.1:${at})`);
    await smtp.send({
      recipient: "a@example.co.ke",
      subject: "x",
      body: "x",
      html: null,
      idempotencyKey: "k-2",
    });
    expect(logins).toEqual(["orders@urithi.co.ke:p@ss:word"]);
    smtp.close();
    await new Promise<void>((resolve) => guarded.close(() => resolve()));
  });
});
