import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fromProjectRoot } from "./paths";

/** What a worker's cached bundle was built from: each input file's hash, and the bundle's file. */
interface Built {
  inputs: Record<string, string>;
  file: string;
}

const cache = fromProjectRoot("node_modules/.cache/urithi-workers");
const sha = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const made = new Map<string, Promise<URL>>();

/**
 * A worker thread's script, `name` (a TypeScript file at `entry`, typed and linted like the rest). The built
 * server has it beside itself (`npm run build:server` bundles each worker as an entry of its own). Run from
 * source (tsx, Vitest, the bench) it is bundled here by esbuild with build:server's options into
 * node_modules/.cache, once per version of the files it was bundled from, and once per process.
 */
export function workerFile(name: string, entry: URL): Promise<URL> {
  const built = new URL(`./${name}.js`, import.meta.url);
  if (existsSync(fileURLToPath(built))) return Promise.resolve(built);
  let file = made.get(name);
  if (!file) {
    file = bundle(name, fileURLToPath(entry));
    made.set(name, file);
  }
  return file;
}

async function bundle(name: string, entry: string): Promise<URL> {
  const record = path.join(cache, `${name}.json`);
  const last: Built | null = existsSync(record) ? JSON.parse(readFileSync(record, "utf8")) : null;
  const current = (file: string) => existsSync(file) && sha(readFileSync(file)) === last?.inputs[file];
  if (last && existsSync(last.file) && Object.keys(last.inputs).every(current))
    return new URL(`file://${last.file}`);

  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    write: false,
    metafile: true,
    absWorkingDir: fromProjectRoot(),
  });
  const output = result.outputFiles[0]!.contents;
  const inputs = Object.fromEntries(
    Object.keys(result.metafile.inputs).map((input) => {
      const file = fromProjectRoot(input);
      return [file, sha(readFileSync(file))];
    }),
  );
  const file = path.join(cache, `${name}-${sha(output).slice(0, 16)}.mjs`);
  mkdirSync(cache, { recursive: true });
  // Each written whole under another name, then renamed: parallel test files may bundle it at once.
  const write = (target: string, contents: string | Uint8Array) => {
    const partial = `${target}.${process.pid}.tmp`;
    writeFileSync(partial, contents);
    renameSync(partial, target);
  };
  write(file, output);
  write(record, JSON.stringify({ inputs, file } satisfies Built));
  return new URL(`file://${file}`);
}
