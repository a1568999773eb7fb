import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The built public entry (what every first visit downloads), checked as `npm run test:e2e` built it. */
const web = path.resolve("dist/web");
const entryOf = () => {
  const html = readFileSync(path.join(web, "index.html"), "utf8");
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error("no entry script in index.html");
  return readFileSync(path.join(web, src), "utf8");
};

describe("the public entry chunk", () => {
  it("leaves Zod to the screens that validate forms", () => {
    const entry = entryOf();
    expect(entry.length).toBeGreaterThan(10_000);
    expect(entry).not.toMatch(/ZodError|\$ZodType/);
  });
});
