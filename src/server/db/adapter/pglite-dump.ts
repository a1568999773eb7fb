import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import tar from "tar-stream";

/** Where PGlite mounts its data folder in its own file system (pinned with the package). */
const PGDATA = "/pglite/data";
const CHUNK = 1 << 20;

/** The part of Emscripten's file system the dump reads (PGlite's `mod.FS`). */
interface EmscriptenFs {
  readdir(path: string): string[];
  stat(path: string): { mode: number; size: number; mtime: Date };
  isDir(mode: number): boolean;
  isFile(mode: number): boolean;
  open(path: string, flags: string): unknown;
  read(stream: unknown, buffer: Uint8Array, offset: number, length: number, position: number): number;
  close(stream: unknown): void;
}

/** A tar entry's body, and when the pack has taken all of it. */
type Body = ReturnType<tar.Pack["entry"]>;

function entry(
  pack: tar.Pack,
  header: Parameters<tar.Pack["entry"]>[0],
): { stream: Body; written: Promise<void> } {
  let stream!: Body;
  const written = new Promise<void>((resolve, reject) => {
    stream = pack.entry(header, (error) => (error ? reject(error) : resolve()));
  });
  return { stream, written };
}

/**
 * The data folder as a tar in `file`, streamed a megabyte at a time. PGlite's own `dumpDataDir` held every
 * file, then the whole tar, then its gzip in memory at once: about three times the folder, which a grown
 * database's backup cannot afford, and memory the process kept afterwards (decision 37). The entries are the
 * ones `dumpDataDir` writes (paths from the folder's root, with a leading slash), so `loadDataDir` and every
 * earlier backup still load it once gzipped. It reads through PGlite's own file system, as `dumpDataDir` did,
 * so a folder in memory dumps the same way. The caller holds every statement back meanwhile, and gzips the
 * tar after it lets them go (decision 68).
 */
export async function dumpDataFolder(db: PGlite, file: string): Promise<void> {
  const fs = (db as unknown as { mod: { FS: EmscriptenFs } }).mod.FS;
  const pack = tar.pack();
  const saved = pipeline(pack, createWriteStream(file, { mode: 0o600 }));
  const add = async (folder: string) => {
    for (const name of fs.readdir(folder)) {
      if (name === "." || name === "..") continue;
      const path = `${folder}/${name}`;
      const { mode, size, mtime } = fs.stat(path);
      const header = { name: path.slice(PGDATA.length), mode: mode & 0o7777, mtime };
      if (fs.isDir(mode)) {
        await entry(pack, { ...header, type: "directory" }).written;
        await add(path);
      } else if (fs.isFile(mode)) {
        const { stream: body, written: taken } = entry(pack, { ...header, type: "file", size });
        const stream = fs.open(path, "r");
        try {
          for (let at = 0; at < size; ) {
            const chunk = new Uint8Array(Math.min(CHUNK, size - at));
            const read = fs.read(stream, chunk, 0, chunk.length, at);
            if (read <= 0) throw new Error(`${path} ended at ${at} of ${size} bytes`);
            at += read;
            if (!body.write(read === chunk.length ? chunk : chunk.subarray(0, read)))
              await once(body, "drain");
          }
        } finally {
          fs.close(stream);
        }
        body.end(() => {});
        await taken;
      }
    }
  };
  try {
    await add(PGDATA);
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
  }
  await saved;
}
