import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The import direction of docs/decisions/0007-import-direction.md, as Biome enforces it: each probe is
 * a real file written where the import would live, linted with the project's own configuration.
 */
const root = path.resolve(import.meta.dirname, "..");
const biome = path.join(root, "node_modules/.bin/biome");

function restricted(file: string, specifier: string): boolean {
  const probe = path.join(root, file.replace(/(\.tsx?)$/, `-probe-${randomBytes(4).toString("hex")}$1`));
  writeFileSync(probe, `import { thing } from "${specifier}";\nexport const used = [thing];\n`);
  try {
    execFileSync(biome, ["lint", "--only=style/noRestrictedImports", probe], { cwd: root, stdio: "pipe" });
    return false;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    if (!`${stdout}${stderr}`.includes("noRestrictedImports")) throw error;
    return true;
  } finally {
    rmSync(probe, { force: true });
  }
}

describe("import direction", () => {
  it.each([
    ["src/web/components/x.tsx", "../features/client/api", "a component importing a feature"],
    ["src/web/lib/x.ts", "../app/routes", "lib importing the app"],
    ["src/web/features/public/x.tsx", "../client/client-layout", "a feature importing another's internals"],
    ["src/web/features/public/x.tsx", "../../app/routes", "a feature importing the app"],
    ["src/server/x.ts", "../web/lib/cn", "the server importing the web app"],
    ["src/contract/x.ts", "../server/errors", "the contract importing the server"],
    ["src/contract/x.ts", "../web/lib/api", "the contract importing the web app"],
  ])("refuses %s -> %s (%s)", (file, specifier) => {
    expect(restricted(file, specifier)).toBe(true);
  });

  it.each([
    ["src/web/features/public/x.tsx", "../client/api", "another feature's api.ts"],
    ["src/web/features/public/x.tsx", "../../components/ui/card", "a shared component"],
    ["src/web/features/public/x.tsx", "../../lib/session", "the web lib"],
    ["src/web/features/public/x.tsx", "./home-page", "the feature's own files"],
    ["src/web/app/x.tsx", "../features/client/client-layout", "the app composing features"],
    ["src/server/x.ts", "../../contract/orders", "the server using the contract"],
  ])("allows %s -> %s (%s)", (file, specifier) => {
    expect(restricted(file, specifier)).toBe(false);
  });
});
