import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A bundle built as `npm run build:server` builds the server (minified whitespace, maps without their
 * sources), run by plain Node: its stack names the TypeScript file and line.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "urithi-stack-"));
  const source = path.join(dir, "fixture.ts");
  writeFileSync(
    source,
    [
      `import { mapStackTraces } from ${JSON.stringify(path.join(here, "stack-traces.ts"))};`,
      "mapStackTraces();",
      "function failing(): never {",
      '  throw new RangeError("the cane is full");',
      "}",
      "try {",
      "  failing();",
      "} catch (error) {",
      "  console.log((error as Error).stack);",
      "}",
      "",
    ].join("\n"),
  );
  bundle = path.join(dir, "out", "fixture.js");
  await build({
    entryPoints: [source],
    bundle: true,
    platform: "node",
    format: "esm",
    minifyWhitespace: true,
    sourcemap: true,
    sourcesContent: false,
    outfile: bundle,
    logLevel: "silent",
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...flags: string[]) => execFileSync(process.execPath, [...flags, bundle], { encoding: "utf8" });

describe("stack traces", () => {
  it("name the TypeScript line of a frame in the bundle, read from its map at the first stack", () => {
    const stack = run();
    expect(stack.split("\n")[0]).toBe("RangeError: the cane is full");
    expect(stack).toContain(`at failing (${path.join(dir, "fixture.ts")}:4:9)`);
    expect(stack).toContain(`at ${path.join(dir, "fixture.ts")}:7:3\n`);
    expect(stack).not.toContain("fixture.js:");
  });

  it("leave the mapping to Node when it maps every frame itself", () => {
    const stack = run("--enable-source-maps");
    expect(stack).toContain(`${path.join(dir, "fixture.ts")}:4:9`);
  });

  it("leave a frame alone when its bundle has no map", () => {
    rmSync(`${bundle}.map`);
    const stack = run();
    expect(stack.split("\n")[0]).toBe("RangeError: the cane is full");
    expect(stack).toMatch(/at failing \(file:\/\/.*fixture\.js:\d+:\d+\)/);
  });
});
