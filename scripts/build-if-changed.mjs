/**
 * `npm start`'s build step: `npm run build` only when the sources changed since the last build, so a restart
 * by `npm start` is as fast as `node dist/server/main.js` (issue 42). The sources' content hash is kept beside
 * the build in dist/sources.sha256, written only after a build succeeded. Plain JavaScript, so it starts in
 * milliseconds without a TypeScript loader.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** What the build reads; tests are left out, since a build never includes them. */
const inputs = [
  "src",
  "drizzle",
  "scripts",
  "vite.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];
const outputs = ["dist/server/main.js", "dist/web/index.html", "dist/ssr/entry-server.js"];
const stamp = "dist/sources.sha256";
const test = /\.test\.tsx?$/;

function filesUnder(root, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && !test.test(f.name))
    .map((f) => path.relative(root, path.join(f.parentPath, f.name)));
}

/** A hash of every source file's path and content, in a stable order. */
export function sourcesHash(root) {
  const hash = createHash("sha256");
  const files = inputs.flatMap((entry) => filesUnder(root, entry)).sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Builds in `root` unless its last build is of these very sources; says which it did. */
export function buildIfChanged(root) {
  const hash = sourcesHash(root);
  const built = outputs.every((f) => existsSync(path.join(root, f)));
  const stampFile = path.join(root, stamp);
  if (built && existsSync(stampFile) && readFileSync(stampFile, "utf8").trim() === hash) return "unchanged";
  const run = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) throw new Error(`npm run build failed (exit ${run.status})`);
  writeFileSync(stampFile, `${hash}\n`);
  return "built";
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    if (buildIfChanged(process.cwd()) === "unchanged")
      console.log("The build is of the current sources: not rebuilt (dist/sources.sha256).");
  } catch (error) {
    console.error(error.message);
    process.exitCode = 1;
  }
}
