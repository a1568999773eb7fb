import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const scripts = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".js"))
    .map((name) => path.join(dir, name));

/**
 * Node keeps the source text of every module the server loads for as long as it runs, at two bytes a
 * character once a single character is not ASCII: the server's bundle and its drawing of the screens cost
 * about 5 MB more that way (decision 40). The builds escape what they can; a character they cannot (in a
 * regular expression or a tagged template) fails here with its file and line.
 */
describe("the built server's code", () => {
  it("is all ASCII, so Node holds it at one byte a character", () => {
    const files = [...scripts("dist/server"), ...scripts("dist/ssr")];
    expect(files).toContain(path.join("dist/server", "main.js"));
    expect(files).toContain(path.join("dist/ssr", "entry-server.js"));
    const wide = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => {
          const at = line.search(/[\u0080-\uffff]/);
          return at < 0 ? [] : [`${file}:${i + 1}: …${line.slice(Math.max(0, at - 40), at + 10)}…`];
        }),
    );
    expect(wide).toEqual([]);
  });
});
