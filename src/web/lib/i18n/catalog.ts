import type { Messages } from "@lingui/core";
import type { Language } from "../../../contract/languages";

/**
 * A language's messages in the form Lingui renders, each language in its own small chunk. They are
 * compiled from ICU text ("{count, plural, one {# item} other {# items}}") at build time: see
 * scripts/vite-messages.ts.
 */
export async function compiledCatalog(language: Language): Promise<Messages> {
  return language === "sw"
    ? (await import("virtual:urithi-messages/sw")).default
    : (await import("virtual:urithi-messages/en")).default;
}
