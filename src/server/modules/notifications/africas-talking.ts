import type { Config } from "../../config";
import { SendError, type Transport } from "./transport";

type AtConfig = NonNullable<Config["messaging"]["africasTalking"]>;

interface AtRecipient {
  statusCode: number;
  number: string;
  status: string;
  messageId: string;
}

/**
 * Africa's Talking's recipient status codes: 100–102 accepted (processed, sent, queued); these mean the
 * message can never go to that number (risk hold, invalid number, unsupported type, blacklisted), so it is
 * not retried. The rest (insufficient balance, could not route, gateway errors) may pass on a later try.
 */
const accepted = new Set([100, 101, 102]);
const permanent = new Set([401, 403, 404, 406]);

/**
 * A client for Africa's Talking's bulk SMS API (POST /version1/messaging). The same code talks to the live
 * API, the sandbox and the fake server the tests run; only the base URL differs. The outbox message's
 * idempotency key goes with every try.
 */
export class AfricasTalkingClient implements Transport {
  readonly name: string;

  constructor(
    private readonly config: AtConfig,
    private readonly timeoutMs = 15_000,
  ) {
    this.name = `Africa's Talking (${config.username})`;
  }

  async send(message: { recipient: string; body: string; idempotencyKey: string }) {
    const form = new URLSearchParams({
      username: this.config.username,
      to: message.recipient,
      message: message.body,
    });
    if (this.config.senderId) form.set("from", this.config.senderId);
    let response: Response;
    try {
      response = await fetch(`${this.config.apiUrl}/version1/messaging`, {
        method: "POST",
        headers: {
          apiKey: this.config.apiKey,
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded",
          "idempotency-key": message.idempotencyKey,
        },
        body: form,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new SendError(`Africa's Talking did not answer: ${(error as Error).message}`, false);
    }
    const text = await response.text();
    if (!response.ok) {
      // 401 is a wrong key or username: fixable in the settings, so the message waits for a later try.
      throw new SendError(`Africa's Talking answered ${response.status}: ${text.slice(0, 200)}`, false);
    }
    let recipient: AtRecipient | undefined;
    try {
      recipient = (JSON.parse(text) as { SMSMessageData?: { Recipients?: AtRecipient[] } }).SMSMessageData
        ?.Recipients?.[0];
    } catch {
      throw new SendError(
        `Africa's Talking answered something that is not JSON: ${text.slice(0, 200)}`,
        false,
      );
    }
    if (!recipient)
      throw new SendError(`Africa's Talking accepted no recipient: ${text.slice(0, 200)}`, true);
    if (!accepted.has(recipient.statusCode)) {
      throw new SendError(
        `Africa's Talking refused ${recipient.number}: ${recipient.status} (${recipient.statusCode})`,
        permanent.has(recipient.statusCode),
      );
    }
    return { providerMessageId: recipient.messageId };
  }
}
