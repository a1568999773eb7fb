import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import { en } from "../src/web/lib/i18n/en.ts";
import { sw } from "../src/web/lib/i18n/sw.ts";

const prefix = "virtual:urithi-messages/";
const catalogues = { en, sw } as const;

/**
 * `virtual:urithi-messages/<language>`: a language's messages, compiled from ICU text to Lingui's form.
 * A build compiles them here, once, so the browser gets neither the message compiler (6.8 kB gzip) nor
 * the work of running it on a slow phone. The dev server and the tests compile them as they load, so an
 * edited catalogue shows at once.
 */
export function compiledMessages(): Plugin {
  let building = false;
  return {
    name: "urithi-messages",
    configResolved(config) {
      building = config.command === "build" && !process.env.VITEST;
    },
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const language = id.slice(prefix.length + 1);
      if (language !== "en" && language !== "sw") throw new Error(`No catalogue for ${language}`);
      if (building) {
        const compiled = Object.fromEntries(
          Object.entries(catalogues[language]).map(([key, text]) => [key, compileMessage(text)]),
        );
        return `export default ${JSON.stringify(compiled)};`;
      }
      const source = path.resolve("src/web/lib/i18n", `${language}.ts`);
      return [
        `import { compileMessage } from "@lingui/message-utils/compileMessage";`,
        `import { ${language} } from ${JSON.stringify(source)};`,
        `export default Object.fromEntries(Object.entries(${language}).map(([k, v]) => [k, compileMessage(v)]));`,
      ].join("\n");
    },
  };
}
