import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Language } from "../../../contract/languages";

/**
 * A language's messages compiled once from ICU text ("{count, plural, one {# item} other {# items}}")
 * to the form Lingui renders. This module and the message compiler load with the first language, in
 * their own chunk, so they stay out of the entry script.
 */
export async function compiledCatalog(language: Language): Promise<Messages> {
  const messages: Record<string, string> =
    language === "sw" ? (await import("./sw")).sw : (await import("./en")).en;
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]));
}
