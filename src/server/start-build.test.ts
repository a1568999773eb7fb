import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { fromProjectRoot } from "./paths";

/**
 * `npm start` builds only when the sources changed (scripts/build-if-changed.mjs), run here as `npm start`
 * runs it, in a project of its own whose build counts how often it ran.
 */
const script = fromProjectRoot("scripts", "build-if-changed.mjs");
const build = `node -e "const f=require('fs');f.mkdirSync('dist/server',{recursive:true});f.mkdirSync('dist/web',{recursive:true});f.mkdirSync('dist/ssr',{recursive:true});for(const o of ['dist/server/main.js','dist/web/index.html','dist/ssr/entry-server.js'])f.writeFileSync(o,'');f.appendFileSync('builds','x')"`;
let root: string;

const start = () => execFileSync(process.execPath, [script], { cwd: root, encoding: "utf8" });
const builds = () => readFileSync(path.join(root, "builds"), "utf8").length;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "urithi-start-"));
  mkdirSync(path.join(root, "src", "web"), { recursive: true });
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ scripts: { build } }));
  writeFileSync(path.join(root, "src", "web", "app.tsx"), "export const a = 1;\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it("builds the first time, not again for the same sources, and again once a source changes", () => {
  start();
  expect(builds()).toBe(1);
  expect(start()).toContain("not rebuilt");
  expect(builds()).toBe(1);

  writeFileSync(path.join(root, "src", "web", "app.tsx"), "export const a = 2;\n");
  start();
  expect(builds()).toBe(2);
  // A test file is not part of the build.
  writeFileSync(path.join(root, "src", "web", "app.test.tsx"), "it.todo('x');\n");
  expect(start()).toContain("not rebuilt");
  expect(builds()).toBe(2);
});

it("builds again when an output is gone, and keeps no hash when the build fails", () => {
  start();
  rmSync(path.join(root, "dist", "server", "main.js"));
  start();
  expect(builds()).toBe(2);

  writeFileSync(path.join(root, "src", "web", "app.tsx"), "export const a = 3;\n");
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ scripts: { build: "exit 3" } }));
  expect(() => start()).toThrow();
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ scripts: { build } }));
  start();
  expect(builds()).toBe(3);
});
