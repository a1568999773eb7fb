import type { Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { type Outgoing, SendError, type Transport } from "./transport";

/**
 * Email over SMTP (nodemailer). The outbox message's idempotency key is the Message-ID, so a retried email
 * is recognisably the same message to the server and to the reader's mail program. nodemailer (about 3 MB of
 * heap) is loaded with the first email, not at start (decision 46).
 */
export class SmtpTransport implements Transport {
  readonly name: string;
  private mailer: Promise<Transporter> | undefined;
  private readonly options: SMTPTransport.Options;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    const parsed = new URL(url);
    const secure = parsed.protocol === "smtps:";
    const port = Number(parsed.port) || (secure ? 465 : 587);
    this.name = `SMTP (${parsed.hostname}:${port})`;
    this.options = {
      host: parsed.hostname,
      port,
      secure,
      auth: parsed.username
        ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
        : undefined,
      // Bounded well under the dispatcher's two-minute claim, so a slow server never outlasts it.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    };
  }

  private transporter(): Promise<Transporter> {
    this.mailer ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(this.options),
    );
    return this.mailer;
  }

  async send(
    message: Pick<Outgoing, "recipient" | "subject" | "body" | "html" | "idempotencyKey" | "attachments">,
  ) {
    try {
      const info = await (await this.transporter()).sendMail({
        from: this.from,
        to: message.recipient,
        subject: message.subject ?? "",
        text: message.body,
        html: message.html ?? undefined,
        messageId: `<${message.idempotencyKey}@urithi>`,
        attachments: message.attachments,
      });
      return { providerMessageId: info.messageId };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // 5xx is the server refusing this message or mailbox for good; anything else may pass later.
      throw new SendError(
        `SMTP: ${(error as Error).message}`,
        code !== undefined && code >= 500 && code < 600,
      );
    }
  }

  close(): void {
    void this.mailer?.then((mailer) => mailer.close());
  }
}
