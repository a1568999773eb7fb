/**
 * `npm run db:functions [-- name]`: writes a migration with every SQL function whose source file
 * (src/server/db/sql/<function>.sql) differs from what the migrations last defined, so a function is changed
 * by editing its file. drizzle-kit makes the empty migration and its journal entry; this fills it.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { functionFiles, migrationFunctions, normalised } from "../src/server/db/sql/functions";
import { fromProjectRoot } from "../src/server/paths";

const migrated = migrationFunctions();
const changed = [...functionFiles()].filter(
  ([name, text]) => normalised(text) !== normalised(migrated.get(name) ?? ""),
);
if (changed.length === 0) {
  console.log("Every SQL function is as the migrations last defined it: nothing to write.");
  process.exit(0);
}
const folder = fromProjectRoot("drizzle");
const before = new Set(readdirSync(folder));
const name = process.argv[2] ?? `functions_${changed.map(([fn]) => fn).join("_")}`.slice(0, 60);
execFileSync("npx", ["drizzle-kit", "generate", "--custom", `--name=${name}`], { stdio: "inherit" });
const made = readdirSync(folder).find((file) => !before.has(file) && file.endsWith(".sql"));
if (!made) throw new Error("drizzle-kit made no migration file");
writeFileSync(
  path.join(folder, made),
  `${changed.map(([, text]) => text).join("\n--> statement-breakpoint\n")}\n`,
);
console.log(`drizzle/${made}: ${changed.map(([fn]) => fn).join(", ")}`);
