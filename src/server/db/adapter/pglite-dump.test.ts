import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import tar from "tar-stream";
import { afterAll, expect, it } from "vitest";
import { dumpDataFolder } from "./pglite-dump";

const dir = mkdtempSync(path.join(tmpdir(), "urithi-dump-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each entry of a tar: its name, type and size. */
async function entries(tarball: Uint8Array): Promise<string[]> {
  const extract = tar.extract();
  const seen: string[] = [];
  extract.on("entry", (header, stream, next) => {
    seen.push(`${header.name} ${header.type} ${header.size ?? 0}`);
    stream.on("end", next);
    stream.resume();
  });
  const done = new Promise<void>((resolve, reject) =>
    extract.on("finish", () => resolve()).on("error", reject),
  );
  Readable.from([Buffer.from(tarball)]).pipe(extract);
  await done;
  return seen.sort();
}

it("streams the same entries PGlite's own dump holds, and PGlite loads it with every row", async () => {
  const db = await PGlite.create();
  await db.exec("create table straws (id serial primary key, bull text); checkpoint;");
  await db.exec("insert into straws (bull) select 'Bull ' || n from generate_series(1, 5000) n; checkpoint;");

  const file = path.join(dir, "dump.tgz");
  await dumpDataFolder(db, file);
  const ours = readFileSync(file);
  const theirs = new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer());
  expect(await entries(gunzipSync(ours))).toEqual(await entries(theirs));
  await db.close();

  const loaded = await PGlite.create({ loadDataDir: new Blob([ours]) });
  const { rows } = await loaded.query<{ n: number; last: string }>(
    "select count(*)::int as n, max(bull) as last from straws",
  );
  expect(rows[0]).toEqual({ n: 5000, last: "Bull 999" });
  await loaded.close();
});
