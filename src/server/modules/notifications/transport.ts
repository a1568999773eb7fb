import type { MessageChannel } from "../../../contract/messages";

/** One outbox message as a transport sends it. */
export interface Outgoing {
  id: number;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  /** The same on every try of this message, so a provider that honours it never delivers it twice. */
  idempotencyKey: string;
  /** Files an email carries (the tax invoice with a payment's receipt), made as it is sent. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** A send that did not happen. A permanent one (a number that cannot receive SMS) is not retried. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface Transport {
  /** Shown on the messages page: where this channel's messages go. */
  readonly name: string;
  /** No provider: the message is only kept in the database, and is shown as kept rather than sent. */
  readonly keeps?: boolean;
  /** Hands the message to the provider; answers the provider's id for it, or throws a SendError. */
  send(message: Outgoing): Promise<{ providerMessageId: string }>;
}

/**
 * The development transport, and the default without a provider: the message is already in the database,
 * where the staff messages page shows it as kept.
 */
export const storeTransport: Transport = {
  name: "kept in the database (no provider configured)",
  keeps: true,
  send: async (message) => ({ providerMessageId: `stored-${message.id}` }),
};
