import type { Config } from "../../config";
import { AfricasTalkingClient } from "./africas-talking";
import type { Transports } from "./dispatcher";
import { SmtpTransport } from "./smtp";
import { storeTransport } from "./transport";

/** Each channel's transport from the settings: the provider when configured, else kept in the database. */
export function transportsFor(config: Config): Transports & { close(): void } {
  const { africasTalking, smtpUrl, emailFrom } = config.messaging;
  const email = smtpUrl ? new SmtpTransport(smtpUrl, emailFrom) : null;
  return {
    sms: africasTalking ? new AfricasTalkingClient(africasTalking) : storeTransport,
    email: email ?? storeTransport,
    close: () => email?.close(),
  };
}
