import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import tar from "tar-stream";
import { afterAll, expect, it } from "vitest";
import { rowsOf } from "./database";
import { applyMigrations } from "./migrate";
import { openPglite } from "./pglite";
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

it("streams the same entries PGlite's own dump holds, and PGlite loads them gzipped with every row", async () => {
  const db = await PGlite.create();
  await db.exec("create table straws (id serial primary key, bull text); checkpoint;");
  await db.exec("insert into straws (bull) select 'Bull ' || n from generate_series(1, 5000) n; checkpoint;");

  const file = path.join(dir, "dump.tar");
  await dumpDataFolder(db, file);
  const ours = readFileSync(file);
  const theirs = new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer());
  expect(await entries(ours)).toEqual(await entries(theirs));
  await db.close();

  // Gzipped, as the adapter's dump writes it once statements go on.
  const loaded = await PGlite.create({ loadDataDir: new Blob([gzipSync(ours)]) });
  const { rows } = await loaded.query<{ n: number; last: string }>(
    "select count(*)::int as n, max(bull) as last from straws",
  );
  expect(rows[0]).toEqual({ n: 5000, last: "Bull 999" });
  await loaded.close();
});

it("holds statements back only while the folder is copied, not while it is gzipped", async () => {
  const folder = path.join(dir, "held");
  const database = await openPglite(folder);
  try {
    // Enough rows that gzipping the folder takes far longer than one statement.
    await database.exclusive(async (db) => {
      await applyMigrations(database, db);
      await rowsOf(
        db,
        "create table straws as select n, md5(n::text) as code from generate_series(1, 200000) n",
      );
    });
    const file = path.join(dir, "held.tgz");
    const finished: string[] = [];
    const dumped = database.dump(file, []).then(() => finished.push("dump"));
    const read = database
      .read((db) => rowsOf<{ n: number }>(db, "select count(*)::int as n from straws"))
      .then((rows) => finished.push(`read ${rows[0]!.n}`));
    await Promise.all([dumped, read]);
    expect(finished).toEqual(["read 200000", "dump"]);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(readdirSync(dir).filter((name) => name.startsWith("held.tgz."))).toEqual([]);
  } finally {
    await database.close();
  }
});
