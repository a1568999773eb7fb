import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project folder (the one with package.json), found from wherever this code runs: the TypeScript
 * sources under src/server in development and tests, or the bundle in dist/server in production.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the project folder (no package.json above the server)");
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const fromProjectRoot = (...parts: string[]) => path.join(projectRoot, ...parts);

/** This build's version, from package.json (backups record it). */
export const appVersion: string = JSON.parse(readFileSync(fromProjectRoot("package.json"), "utf8")).version;

/** How many migrations this build carries: a database past it was made by a newer build. */
export const migrationCount = (): number =>
  JSON.parse(readFileSync(fromProjectRoot("drizzle/meta/_journal.json"), "utf8")).entries.length;
