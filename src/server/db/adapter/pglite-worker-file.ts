import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The PGlite thread's script. The built server has it beside itself (`npm run build:server` makes
 * dist/server/pglite-worker.js); run from source (tsx, Vitest, the bench) it is bundled here by esbuild,
 * as the build does, into node_modules/.cache once per version of its source.
 */
export async function pgliteWorkerFile(): Promise<URL> {
  const built = new URL("./pglite-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const entry = path.join(here, "pglite-worker.ts");
  const hash = createHash("sha256");
  for (const file of [entry, path.join(here, "pglite-messages.ts")]) hash.update(readFileSync(file));
  const dir = path.resolve(here, "../../../../node_modules/.cache/urithi-pglite-worker");
  const out = path.join(dir, `pglite-worker-${hash.digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(out)) {
    const { build } = await import("esbuild");
    const result = await build({ ...workerBuild, entryPoints: [entry], write: false });
    mkdirSync(dir, { recursive: true });
    // Written whole under another name, then renamed: parallel test files may build it at once.
    const partial = `${out}.${process.pid}.tmp`;
    writeFileSync(partial, result.outputFiles[0]!.contents);
    renameSync(partial, out);
  }
  return new URL(`file://${out}`);
}

/** The same options as build:server's. */
const workerBuild = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
} as const;
