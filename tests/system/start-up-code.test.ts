import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../e2e/support/global-setup";

/**
 * What the built server loads when it restarts: the code for passwords, mail, zip files, CSV, QR codes, S3
 * signing and (on PostgreSQL) the embedded database comes with the first thing that needs it, not with the
 * start (decision 46). A loader hook, given to the server through NODE_OPTIONS, writes down every module Node
 * loads; each package's entry passes through it.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const folder = mkdtempSync(path.join(tmpdir(), "urithi-start-code-"));
const hook = path.join(folder, "hook.mjs");
let dbName = "";

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const loader = `import { appendFileSync } from "node:fs";
  export async function load(url, context, next) {
    appendFileSync(process.env.URITHI_MODULE_LOG, url + "\\n");
    return next(url, context);
  }`;
  // The loader hook sees what ESM imports; a CommonJS package's own require() calls (Fastify's) pass through
  // Module._resolveFilename instead.
  const required = `import { appendFileSync } from "node:fs";
  import Module from "node:module";
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (...args) {
    const file = resolve.apply(this, args);
    appendFileSync(process.env.URITHI_MODULE_LOG, file + "\\n");
    return file;
  };`;
  writeFileSync(
    hook,
    `import { register } from "node:module";\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(loader)}`)});\n${required}\n`,
  );
  if (adminUrl) {
    dbName = `urithi_start_${randomBytes(5).toString("hex")}`;
    await admin(`create database ${dbName}`);
  }
});

afterAll(async () => {
  if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
  rmSync(folder, { recursive: true, force: true });
});

/**
 * Starts the built server once to set up its database, then again with the hook, as a restart; asks for its
 * health and a page, and answers what the second process loaded.
 */
async function loadedByRestart(env: Record<string, string>): Promise<string[]> {
  const dataDir = path.join(folder, "data");
  await (await startServer(env, { dataDir })).stop();
  const log = path.join(folder, "modules.txt");
  const server = await startServer(
    { ...env, NODE_OPTIONS: `--import ${hook}`, URITHI_MODULE_LOG: log },
    { dataDir },
  );
  try {
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    // A page, so the server's drawing of the screens has loaded too.
    const page = await fetch(`${server.baseUrl}/shop`);
    expect(await page.text()).toContain('data-testid="product-card"');
  } finally {
    await server.stop();
  }
  return readFileSync(log, "utf8").split("\n").filter(Boolean);
}

const packageOf = (url: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];

describe("the server's start", () => {
  it("loads no password, mail, zip, CSV, QR or S3 signing code, no Ajv, and on PostgreSQL no embedded database", async () => {
    const url = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() : null;
    const loaded = await loadedByRestart({ DEMO_MODE: "on", ...(url ? { DATABASE_URL: url } : {}) });
    const packages = new Set(loaded.map(packageOf).filter((p) => p !== undefined));
    // The hook sees what it should: the web framework, the database driver, the server's drawing.
    expect(packages).toContain("fastify");
    expect(packages).toContain(url ? "pg" : "@electric-sql/pglite");
    expect(loaded.some((u) => u.endsWith("/dist/ssr/entry-server.js"))).toBe(true);
    const lazy = [
      "@node-rs/argon2",
      "nodemailer",
      "fflate",
      "csv-parse",
      "qrcode",
      "aws4",
      ...(url ? ["@electric-sql/pglite"] : []),
      // Fastify's default compilers: Zod's are the only ones (app.ts), so these are never needed. (Its error
      // answers use fast-json-stringify's small runtime part, not the compiler.)
      "@fastify/ajv-compiler",
      "@fastify/fast-json-stringify-compiler",
      "ajv",
    ];
    expect(lazy.filter((p) => packages.has(p))).toEqual([]);
    // A package required from CommonJS is seen too: Fastify's own.
    expect(packages).toContain("find-my-way");
  });
});
