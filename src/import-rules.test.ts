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
    [
      "src/server/modules/orders/x.ts",
      "../../db/adapter/pglite-thread",
      "a service reaching into the adapter",
    ],
    ["src/server/http/x.ts", "../db/adapter/prepared", "the HTTP layer reaching into the adapter"],
    ["src/server/testing/x.ts", "../db/adapter/pipelined-client", "a test helper reaching into the adapter"],
    ["src/server/modules/orders/x.ts", "pg", "a service using node-postgres"],
    ["src/server/modules/orders/x.ts", "@electric-sql/pglite", "a service using PGlite"],
    ["src/server/db/x.ts", "drizzle-orm/node-postgres", "the seed using Drizzle's driver"],
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
    ["src/server/modules/orders/x.ts", "../../db/adapter", "a service using the adapter's index"],
    ["src/server/db/adapter/x.ts", "./pglite-thread", "the adapter using its own files"],
    ["src/server/db/adapter/x.ts", "pg", "the adapter using node-postgres"],
  ])("allows %s -> %s (%s)", (file, specifier) => {
    expect(restricted(file, specifier)).toBe(false);
  });
});

/** Lints `source` written as a file at `file` with every rule and plugin; answers Biome's report. */
function lint(file: string, source: string): string {
  const probe = path.join(root, file.replace(/(\.tsx?)$/, `-probe-${randomBytes(4).toString("hex")}$1`));
  writeFileSync(probe, source);
  try {
    execFileSync(biome, ["lint", probe], { cwd: root, stdio: "pipe" });
    return "";
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    return `${stdout}${stderr}`;
  } finally {
    rmSync(probe, { force: true });
  }
}

describe("statements of one transaction (lint/together.grit)", () => {
  const header = `import { type Db, rowsOf, together } from "../../db/adapter";\nimport { orders } from "../../db/schema";\n`;
  const refusal = "never Promise.all";

  it.each([
    ["Promise.all", "return Promise.all([db.select().from(orders), rowsOf(db, 'select 1')]);"],
    ["Promise.race", "return Promise.race([db.select().from(orders), db.select().from(orders)]);"],
    ["Promise.allSettled", "return Promise.allSettled([db.select().from(orders)]);"],
  ])("refuses %s over a transaction's statements", (_, body) => {
    const report = lint(
      "src/server/modules/orders/x.ts",
      `${header}export async function f(db: Db) {\n  ${body}\n}\nexport const used = [together];\n`,
    );
    expect(report).toContain(refusal);
  });

  it("allows together(), and separate transactions side by side", () => {
    const source = `${header}export async function f(db: Db) {
  return together([db.select().from(orders), rowsOf(db, "select 1")]);
}
export async function g(ctx: { database: { tx<T>(fn: (db: Db) => Promise<T>): Promise<T> } }, ids: number[]) {
  return Promise.all(ids.map((id) => ctx.database.tx((db) => rowsOf(db, \`select \${id}\`))));
}
`;
    expect(lint("src/server/modules/orders/x.ts", source)).not.toContain(refusal);
  });
});
