import { existsSync } from "node:fs";
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
